import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../number-format';
import { useLanguage } from '../use-language';

/**
 * The sentence of a field's error code (`updateForm.errors.*`, shared by the parent forms and the message form);
 * "too long" says the field's limit, `max`, written as the reader's language writes numbers.
 */
export function useFieldErrorText(): (code: string | undefined, max?: number | null) => string | undefined {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useCallback(
    (code, max) => (code ? t(`updateForm.errors.${code}`, { max: formatCount(max ?? 0, lang) }) : undefined),
    [t, lang],
  );
}
