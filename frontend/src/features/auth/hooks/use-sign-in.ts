import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuthFailure, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { afterSignInPath, VERIFICATION_PATH } from '../guards/redirect';
import { emailError, requiredError } from '../pages/form-rules';
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
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  // The account has an authenticator: the second step asks for its code (docs/auth.md "Administrators").
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');

  const errors = { email: emailError(email), password: requiredError(password) };
  const showRedirectNotice = new URLSearchParams(search).has('redirect');

  async function submit() {
    setSubmitted(true);
    if (errors.email || errors.password) return;
    setBusy(true);
    setFailure(null);
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

  const totp = { needsCode, code, setCode };
  return { email, setEmail, password, setPassword, submitted, busy, failure, errors, showRedirectNotice, submit, totp };
}
