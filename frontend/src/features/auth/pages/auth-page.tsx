import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Container from '@cloudscape-design/components/container';
import Tabs from '@cloudscape-design/components/tabs';
import { AUTH_LINKS } from '../../../../../shared/auth-constants';
import { PageFrame } from '../../../components/page/page-frame';
import { PasswordResetForm } from './password-reset-form';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

/** The actions of /auth, kept in `?mode=` so a link (the reset email, "create an account") opens the right one. */
type Mode = 'signin' | 'register' | 'forgot' | 'reset';
const MODES: readonly Mode[] = ['signin', 'register', 'forgot', 'reset'];
const parseMode = (value: string | null): Mode => (MODES as readonly string[]).includes(value ?? '') ? (value as Mode) : 'signin';

const SESSION_ENDED = 'auth.signInForm.sessionEnded';

/** /auth: sign in, register, forgot and reset password (docs/product-rules.md). Signed-in visitors never see it (the guard). */
export function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const linkCode = mode === 'reset' ? (params.get(AUTH_LINKS.codeParam) ?? undefined) : undefined;
  const [knownEmail, setKnownEmail] = useState('');
  // A translation key, worded at render time so a language switch rewords it. Right after signing out, it says so;
  // after the server refused the session (401), that the session ended.
  const [notice, setNotice] = useState<string | undefined>(
    params.has('signedOut') ? 'auth.signInForm.signedOut' : params.has('expired') ? SESSION_ENDED : undefined,
  );

  // `redirect` and other parameters stay; only the mode (and a consumed code) change.
  const switchTo = (next: Mode) => {
    const updated = new URLSearchParams(params);
    if (next === 'signin') updated.delete('mode');
    else updated.set('mode', next);
    if (next !== 'reset') updated.delete(AUTH_LINKS.codeParam);
    setParams(updated, { replace: true });
  };

  const resetForm = (
    <PasswordResetForm
      // A new key when the link's code changes, so the form restarts on the right step.
      key={linkCode ?? 'request'}
      linkCode={linkCode}
      initialEmail={knownEmail}
      onCodeRequested={() => setNotice(undefined)}
      onDone={(email) => {
        setKnownEmail(email);
        setNotice('auth.resetForm.success');
        switchTo('signin');
      }}
    />
  );

  return (
    <PageFrame title={t('pages.auth.title')} description={t('pages.auth.description')}>
      <Container>
        <Tabs
          ariaLabel={t('auth.tabs.label')}
          activeTabId={mode === 'reset' ? 'forgot' : mode}
          onChange={({ detail }) => {
            setNotice(undefined);
            switchTo(parseMode(detail.activeTabId));
          }}
          tabs={[
            {
              id: 'signin',
              label: t('auth.tabs.signIn'),
              content: (
                <SignInForm
                  key={knownEmail}
                  initialEmail={knownEmail}
                  notice={notice ? t(notice) : undefined}
                  noticeType={notice === SESSION_ENDED ? 'info' : 'success'}
                  onForgotPassword={() => switchTo('forgot')}
                />
              ),
            },
            { id: 'register', label: t('auth.tabs.register'), content: <RegisterForm /> },
            { id: 'forgot', label: t('auth.tabs.forgot'), content: resetForm },
          ]}
        />
      </Container>
    </PageFrame>
  );
}
