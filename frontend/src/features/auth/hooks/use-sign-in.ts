import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { InputProps } from '@cloudscape-design/components/input';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentLocale } from '../../../i18n/i18n';
import { readStoredLocale } from '../../../i18n/locale';
import { AuthFailure, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { afterSignInPath, VERIFICATION_PATH } from '../guards/redirect';
import { emailError, requiredError } from '../pages/form-rules';
import { takePrePaintedSignIn } from '../pages/pre-painted-sign-in';
import { authStore } from '../state/auth-store';
import { clearPendingVerificationCode } from '../state/pending-verification';

/**
 * The sign-in form's values, checks and submit (docs/product-rules.md, "Accounts"): an unverified email keeps the
 * user and leads to the verification page (its "blocked sign-in" variant); a verified one goes on to `?redirect=`
 * or home.
 */
export function useSignIn(initialEmail: string) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { i18n } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  // The account has an authenticator: the second step asks for its code (docs/auth.md "Administrators").
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const emailRef = useRef<InputProps.Ref>(null);
  const passwordRef = useRef<InputProps.Ref>(null);
  // The visitor pressed "Sign in" on the form index.html painted, before the app could act on it.
  const [submitTyped, setSubmitTyped] = useState(false);

  // The form index.html painted (pre-painted-sign-in.ts), which this one replaced in the same frame: what was typed
  // into it, its focused field and a sign-in already asked for carry over.
  useLayoutEffect(() => {
    const typed = takePrePaintedSignIn();
    if (!typed) return;
    // Its language button stores the choice; pressed after the app had read it, the app follows it now.
    const chosen = readStoredLocale();
    if (chosen !== currentLocale(i18n)) void i18n.changeLanguage(chosen);
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
    if (typed.focus) (typed.focus === 'email' ? emailRef : passwordRef).current?.focus();
    if (typed.submit) setSubmitTyped(true);
  }, []);

  const errors = { email: emailError(email), password: requiredError(password) };
  const showRedirectNotice = new URLSearchParams(search).has('redirect');

  async function submit() {
    setSubmitted(true);
    // A refusal of the previous try no longer applies: the form's own messages, or the new answer, replace it.
    setFailure(null);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      const outcome = needsCode ? await authStore.confirmSignInCode(code) : await authStore.signIn(email, password);
      if (outcome.status === 'totp') {
        setNeedsCode(true);
        setBusy(false);
      } else if (outcome.status === 'unverified') {
        // A verification link opened before signing in is waiting in sessionStorage: the page will use it.
        void navigate(`${VERIFICATION_PATH}?from=sign-in`, { replace: true });
      } else {
        clearPendingVerificationCode();
        void navigate(afterSignInPath(search), { replace: true });
      }
    } catch (error) {
      setFailure(error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, 'signIn'));
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!submitTyped) return;
    setSubmitTyped(false);
    void submit();
    // Once, with the values carried over (this render's submit sees them).
  }, [submitTyped]);

  const totp = { needsCode, code, setCode };
  return {
    email,
    setEmail,
    password,
    setPassword,
    emailRef,
    passwordRef,
    submitted,
    busy,
    failure,
    errors,
    showRedirectNotice,
    submit,
    totp,
  };
}
