import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { AuthFailure, message, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { VERIFICATION_PATH } from '../guards/redirect';
import { registrationErrors, type RegistrationValues } from '../pages/form-rules';
import { authStore } from '../state/auth-store';
import { useAuthLocale } from './use-auth-locale';
import { useEmailCheck, useEmailValidator } from './use-email-check';

const EMPTY: RegistrationValues = { email: '', password: '', confirmPassword: '', displayName: '', acceptTerms: false };

/**
 * The registration form's values, the live check of its email, its field messages and its submit: the store runs
 * the registration's steps in order (docs/auth.md, "Sign-up and verification"), then the person lands on the
 * verification page. Field messages appear at the first submit (the focus goes to the first invalid field) and
 * follow the values as they are typed from then on, as on the sign-in form: never when a field is left, where a
 * message pushing the next control down made a click on it miss (docs/auth.md, "When the forms show their errors").
 * `initialEmail`: the address typed on the sign-in form, when its refusal offered to create an account.
 */
export function useRegister(initialEmail = '') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useAuthLocale();
  const validator = useEmailValidator();
  const [values, setValues] = useState<RegistrationValues>({ ...EMPTY, email: initialEmail });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  const emailStatus = useEmailCheck(values.email, validator);
  const invalidFocus = useFocusFirstInvalid<HTMLFormElement>();

  const errors = registrationErrors(values);
  const errorFor = (field: keyof RegistrationValues) => (submitted && errors[field] ? t(errors[field]) : undefined);
  const update = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit() {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(errors).length > 0) {
      invalidFocus.afterSubmit();
      return;
    }
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

  return { values, busy, failure, emailStatus, errorFor, update, submit, emailNotAuthorized, formRef: invalidFocus.ref };
}
