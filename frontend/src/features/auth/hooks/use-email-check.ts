import { useEffect, useState } from 'react';
import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { createEmailValidator, type EmailCheckResult, type EmailValidator } from '../api/email-validation';

/** One validator (and so one 5-minute cache) per API base for the life of the page, shared by every form. */
const validators = new Map<string, EmailValidator>();

export function useEmailValidator(): EmailValidator {
  const { apiBaseUrl } = useRuntimeConfig();
  let validator = validators.get(apiBaseUrl);
  if (!validator) {
    validator = createEmailValidator({ apiBaseUrl });
    validators.set(apiBaseUrl, validator);
  }
  return validator;
}

export type EmailCheckState =
  | { state: 'idle' }
  | { state: 'checking'; email: string }
  | { state: 'done'; result: EmailCheckResult };

/** Waits for the person to stop typing before asking the server: a keystroke is not worth a request. */
export const LIVE_CHECK_DEBOUNCE_MS = 600;

/** The live authorisation check of the registration form (docs/product-rules.md): only well-formed addresses are sent. */
export function useEmailCheck(email: string, validator: EmailValidator): EmailCheckState {
  const normalized = normalizeEmail(email);
  const valid = isValidEmail(normalized);
  const [status, setStatus] = useState<EmailCheckState>({ state: 'idle' });

  useEffect(() => {
    if (!valid) {
      setStatus({ state: 'idle' });
      return;
    }
    const hit = validator.cached(normalized);
    if (hit) {
      setStatus({ state: 'done', result: hit });
      return;
    }
    let cancelled = false;
    setStatus({ state: 'checking', email: normalized });
    const timer = setTimeout(() => {
      void validator.check(normalized).then((result) => {
        if (!cancelled) setStatus({ state: 'done', result });
      });
    }, LIVE_CHECK_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [normalized, valid, validator]);

  return status;
}
