import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Container from '@cloudscape-design/components/container';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { AUTH_LINKS } from '@shared/contracts/auth-constants';
import { PageFrame } from '../../../components/page/page-frame';
import { PasswordResetForm } from './password-reset-form';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

/** The actions of /auth, kept in `?mode=` so a link (the reset email, "create an account") opens the right one. */
type Mode = 'signin' | 'register' | 'forgot' | 'reset';
const MODES: readonly Mode[] = ['signin', 'register', 'forgot', 'reset'];
const parseMode = (value: string | null): Mode => (MODES as readonly string[]).includes(value ?? '') ? (value as Mode) : 'signin';

const SESSION_ENDED = 'auth.signInForm.sessionEnded';

/** The forgotten-password steps inside the sign-in tab, under a link back to the sign-in form. */
function ForgotPassword({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="m">
      <Link
        href="/auth"
        onFollow={(event) => {
          event.preventDefault();
          onBack();
        }}
      >
        {t('auth.forgotForm.back')}
      </Link>
      {children}
    </SpaceBetween>
  );
}

/** /auth: sign in, register, forgot and reset password (docs/product-rules.md). Signed-in visitors never see it (the guard). */
export function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const linkCode = mode === 'reset' ? (params.get(AUTH_LINKS.codeParam) ?? undefined) : undefined;
  const [knownEmail, setKnownEmail] = useState('');
  // The address typed on the sign-in form when its refusal offered "create an account" (the register tab opens with it).
  const [registerEmail, setRegisterEmail] = useState('');
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
        {/*
          Two tabs, which fit a 375 px phone (three put "Créer un compte" behind scroll arrows): a forgotten password is
          a step of signing in, reached by the form's "Mot de passe oublié?" link, with a way back.
        */}
        <Tabs
          ariaLabel={t('auth.tabs.label')}
          activeTabId={mode === 'register' ? 'register' : 'signin'}
          onChange={({ detail }) => {
            setNotice(undefined);
            switchTo(parseMode(detail.activeTabId));
          }}
          tabs={[
            {
              id: 'signin',
              label: t('auth.tabs.signIn'),
              content:
                mode === 'forgot' || mode === 'reset' ? (
                  <ForgotPassword onBack={() => switchTo('signin')}>{resetForm}</ForgotPassword>
                ) : (
                  <SignInForm
                    key={knownEmail}
                    initialEmail={knownEmail}
                    notice={notice ? t(notice) : undefined}
                    noticeType={notice === SESSION_ENDED ? 'info' : 'success'}
                    onForgotPassword={(email) => {
                      // The address typed goes to the reset form (and back to sign-in).
                      setKnownEmail(email.trim());
                      switchTo('forgot');
                    }}
                    onCreateAccount={(email) => {
                      setRegisterEmail(email);
                      setNotice(undefined);
                      switchTo('register');
                    }}
                  />
                ),
            },
            { id: 'register', label: t('auth.tabs.register'), content: <RegisterForm initialEmail={registerEmail} /> },
          ]}
        />
      </Container>
    </PageFrame>
  );
}
