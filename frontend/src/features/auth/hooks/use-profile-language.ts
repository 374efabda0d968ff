import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@shared/contracts/auth-api';
import { currentLocale } from '../../../i18n/i18n';
import { hasStoredLocale } from '../../../i18n/locale';

/**
 * A parent signed in on a device where no language was ever chosen sees the app in the language of their profile
 * (« Langue de communication », which My Profile and the update form keep), not in French by default: an English
 * parent's first sign-in on a new phone is in English. The switch saves it as this device's choice, as the header's
 * language button does; a language already chosen on the device (by this person or another on a shared tablet) wins.
 */
export function useProfileLanguage(me: MeResponse | null): void {
  const { i18n } = useTranslation();
  const preferred = me?.parents?.[0]?.preferredLanguage;
  useEffect(() => {
    if (!preferred || hasStoredLocale() || currentLocale(i18n) === preferred) return;
    void i18n.changeLanguage(preferred);
  }, [preferred, i18n]);
}
