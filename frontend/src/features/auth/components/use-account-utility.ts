import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { decideGuard } from '../guards/guard-decision';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../state/auth-store';
import { userLabel } from '../state/auth-user';

/**
 * The header's account entry: a user menu (display name, profile, sign out) when signed in, a sign-in button
 * otherwise. Signing out, the person lands on /auth with « Déconnexion réussie » (signOutToSignIn). The same object
 * until the person or the language changes: Cloudscape's TopNavigation measures its utilities again whenever it gets
 * new ones (components/layout/top-bar.tsx).
 */
export function useAccountUtility(): TopNavigationProps.Utility | undefined {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isInitialized } = useAuth();
  return useMemo(() => accountUtility(t, navigate, isInitialized, user), [t, navigate, isInitialized, user]);
}

function accountUtility(
  t: ReturnType<typeof useTranslation>['t'],
  navigate: ReturnType<typeof useNavigate>,
  isInitialized: boolean,
  user: ReturnType<typeof useAuth>['user'],
): TopNavigationProps.Utility | undefined {
  if (!isInitialized) return undefined;
  if (!user) {
    return {
      type: 'button',
      text: t('auth.signIn'),
      iconName: 'user-profile',
      href: '/auth',
      onFollow: (event) => {
        event.preventDefault();
        void navigate('/auth');
      },
    };
  }
  return {
    type: 'menu-dropdown',
    text: userLabel(user),
    description: user.displayName ? user.email : undefined,
    iconName: 'user-profile',
    items: [
      { id: 'profile', text: t('nav.profile'), href: '/profile' },
      { id: 'sign-out', text: t('auth.signOut') },
    ],
    onItemFollow: (event) => {
      if (event.detail.href) {
        event.preventDefault();
        void navigate(event.detail.href);
      }
    },
    onItemClick: ({ detail }) => {
      if (detail.id === 'sign-out') void signOutToSignIn(navigate);
    },
  };
}

/**
 * Signs out, then goes where a member page's guard sends a person who signed out: the sign-in page that says so,
 * back to this page after the next sign-in. A page open to everyone (help, privacy) has no guard to do it: the
 * person stayed there with no word that it worked and the member pages still in the menu. On a member page the
 * guard and this go to the same address.
 */
async function signOutToSignIn(navigate: ReturnType<typeof useNavigate>): Promise<void> {
  await authStore.signOut();
  const decision = decideGuard('protected', window.location, null, true);
  if (decision.kind === 'redirect' && !window.location.pathname.startsWith('/auth')) void navigate(decision.to, { replace: true });
}
