import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthFailure, message, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { VERIFICATION_PATH } from '../guards/redirect';
import { registrationErrors, type RegistrationValues } from '../pages/form-rules';
import { authStore } from '../state/auth-store';
import { useAuthLocale } from './use-auth-locale';
import { useEmailCheck, useEmailValidator } from './use-email-check';

const EMPTY: RegistrationValues = { email: '', password: '', confirmPassword: '', displayName: '', acceptTerms: false };

/**
 * The registration form's values, the live check of its email, its field messages (shown once a field is left or
 * the form submitted) and its submit: the store runs the registration's steps in order (docs/auth.md, "Sign-up and
 * verification"), then the person lands on the verification page.
 */
export function useRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useAuthLocale();
  const validator = useEmailValidator();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof RegistrationValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  const emailStatus = useEmailCheck(values.email, validator);

  const errors = registrationErrors(values);
  const errorFor = (field: keyof RegistrationValues) =>
    (submitted || touched[field]) && errors[field] ? t(errors[field]) : undefined;
  const update = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: keyof RegistrationValues) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function submit() {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(errors).length > 0) return;
    if (!navigator.onLine) {
      setFailure(message('offlineRegistration'));
      return;
    }
    setBusy(true);
    try {
      const { emailWarning } = await authStore.register(
        { email: values.email, password: values.password, displayName: values.displayName },
        locale,
        validator.check,
      );
      void navigate(`${VERIFICATION_PATH}?from=registration`, { replace: true, state: { emailWarning } });
    } catch (error) {
      setFailure(error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, 'signUp'));
      setBusy(false);
    }
  }

  const emailNotAuthorized =
    emailStatus.state === 'done' && !emailStatus.result.authorized && !emailStatus.result.error
      ? t('auth.messages.notAuthorizedToRegister')
      : undefined;

  return { values, busy, failure, emailStatus, errorFor, update, touch, submit, emailNotAuthorized };
}
