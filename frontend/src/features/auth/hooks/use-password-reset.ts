import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeEmail } from '@shared/rules/email';
import { AuthFailure, toAuthMessage, type AuthMessage, type AuthOperation } from '../api/auth-errors';
import { authStore } from '../state/auth-store';
import { confirmPasswordError, emailError, passwordError, requiredError } from '../pages/form-rules';
import { useAuthLocale } from './use-auth-locale';

/** One step's submit: busy while it runs, its failure as an auth message. */
function useSubmission(operation: AuthOperation) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, operation));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

/**
 * The password reset's two steps: ask for a code (emailed with a link back), then the email, the code and the new
 * password, checked with the shared rules. Field messages show once a step was submitted.
 */
export function usePasswordReset({ linkCode, initialEmail, onCodeRequested, onDone }: {
  linkCode?: string;
  initialEmail: string;
  onCodeRequested: () => void;
  onDone: (email: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useAuthLocale();
  const [step, setStep] = useState<'request' | 'confirm'>(linkCode ? 'confirm' : 'request');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(linkCode ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useSubmission('resetPassword');
  const confirm = useSubmission('confirmResetPassword');

  const errors = {
    email: emailError(email),
    code: requiredError(code),
    password: passwordError(password),
    confirmation: confirmPasswordError(password, confirmation),
  };
  const shown = (key?: string) => (submitted && key ? t(key) : undefined);

  async function sendCode() {
    setSubmitted(true);
    if (errors.email) return;
    const ok = await request.run(() => authStore.requestPasswordReset(email, locale));
    if (!ok) return;
    setSentTo(normalizeEmail(email));
    setSubmitted(false);
    setStep('confirm');
    onCodeRequested();
  }

  async function resetPassword() {
    setSubmitted(true);
    if (errors.email || errors.code || errors.password || errors.confirmation) return;
    const ok = await confirm.run(() => authStore.completePasswordReset(email, code, password, locale));
    if (ok) onDone(normalizeEmail(email));
  }

  const askNewCode = () => {
    setStep('request');
    setSubmitted(false);
  };

  return {
    step, email, setEmail, code, setCode, password, setPassword, confirmation, setConfirmation, sentTo,
    request, confirm, errors, shown, sendCode, resetPassword, askNewCode,
  };
}
