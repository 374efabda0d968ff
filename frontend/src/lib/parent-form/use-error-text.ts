import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The sentence of a field's error code (`updateForm.errors.*`, shared by the parent forms and the message form);
 * "too long" says the field's limit, `max`, written as the reader's language writes numbers.
 */
export function useFieldErrorText(): (code: string | undefined, max?: number | null) => string | undefined {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code, max) => (code ? t(`updateForm.errors.${code}`, { max: (max ?? 0).toLocaleString(i18n.language) }) : undefined),
    [t, i18n],
  );
}
