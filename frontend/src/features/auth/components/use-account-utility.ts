import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../state/auth-store';
import { userLabel } from '../state/auth-user';

/**
 * The header's account entry: a user menu (display name, profile, sign out) when signed in, a sign-in button
 * otherwise. Signing out on a protected page lets the guard send the person to /auth. The same object until the
 * person or the language changes: Cloudscape's TopNavigation measures its utilities again whenever it gets new ones
 * (components/layout/top-bar.tsx).
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
      if (detail.id === 'sign-out') void authStore.signOut();
    },
  };
}
