import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showPageIn } from './i18n';
import { hasStoredLocale, isLocale } from './locale';

/**
 * Shows the page in the language its address carries (an update link's `?lang=`, `/mise-a-jour/code` or
 * `/update/code`, `/aide` or `/help`) without saving it as the device's choice (showPageIn). Once per address:
 * `i18n` changes with the language, and a language the visitor then picks with the switch holds (and is saved).
 * `unlessChosen`: a language the visitor already chose on this device wins over the address's.
 */
export function usePageLanguage(lang: string | null, { unlessChosen = false } = {}) {
  const { i18n } = useTranslation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!isLocale(lang) || shown.current === lang) return;
    shown.current = lang;
    if (unlessChosen && hasStoredLocale()) return;
    void showPageIn(i18n, lang);
  }, [lang, i18n, unlessChosen]);
}
