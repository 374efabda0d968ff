import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hasStoredLocale, isLocale } from '../../../i18n/locale';

/**
 * The link carries the language of the email that held it (`?lang=`, the parent's preferred language): the page
 * opens in it unless the visitor has already chosen a language on this device (then kept, like any change).
 */
export function useLinkLanguage() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  useEffect(() => {
    if (isLocale(lang) && !hasStoredLocale() && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);
}

