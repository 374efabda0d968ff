import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import { LightFrame } from '../components/layout/light-frame';
import { useAuth } from '../features/auth';

/**
 * The light frame wired to the auth layer (docs/frontend.md, "First page"): the frame of /auth, which only a
 * signed-out visitor sees (the guard sends a signed-in one on), with the same sign-in entry as the shell's header.
 */
export function LightShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isInitialized } = useAuth();
  const account =
    isInitialized && !user ? (
      <Button
        variant="link"
        iconName="user-profile"
        href="/auth"
        onFollow={(event) => {
          event.preventDefault();
          void navigate('/auth');
        }}
      >
        {t('auth.signIn')}
      </Button>
    ) : undefined;
  return <LightFrame account={account} />;
}
