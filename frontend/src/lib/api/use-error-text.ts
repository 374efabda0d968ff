import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** An API error as a sentence in the user's language: `errors.<code>`, else the screen's own generic message. */
export function useErrorText(genericKey: string): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) =>
      error instanceof ApiError && error.code && i18n.exists(`errors.${error.code}`) ? t(`errors.${error.code}`) : t(genericKey),
    [t, i18n, genericKey],
  );
}
