import { useTranslation } from 'react-i18next';
import type { AuthLocale } from '@shared/contracts/auth-constants';
import { currentLocale } from '../../../i18n/i18n';

/** The UI language, passed to Cognito so its emails are written in it (docs/product-rules.md). */
export function useAuthLocale(): AuthLocale {
  const { i18n } = useTranslation();
  return currentLocale(i18n);
}
