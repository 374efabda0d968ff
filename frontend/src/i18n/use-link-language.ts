import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isLocale, type Locale } from './locale';
import { usePageLanguage } from './use-page-language';

/**
 * An emailed link's page (the update link's form, a message's unsubscribe page): the link carries the language of
 * the email that held it (`?lang=`, the person's preferred language): the page opens in it, whatever language the
 * device was left in, but the link does not save it as the device's choice (two parents sharing a tablet: the next
 * link, and the app, open in the device's saved language). The language switch on the page saves, as anywhere, and
 * the address follows it: a reload then opens the page in the language chosen, not the email's again.
 * `addressLang`: the language of an address that has one (`/mise-a-jour/<token>`: French), when the link has no `?lang=`.
 */
export function useLinkLanguage(addressLang?: Locale) {
  const [params, setParams] = useSearchParams();
  const linkLang = params.get('lang') ?? addressLang ?? null;
  usePageLanguage(linkLang);
  const { i18n } = useTranslation();
  const shown = i18n.language;
  // Set once the page shows the link's language: before that, the language is the device's, still to be replaced.
  const arrived = useRef(false);
  useEffect(() => {
    if (!isLocale(linkLang) || !isLocale(shown)) return;
    if (shown === linkLang) {
      arrived.current = true;
      return;
    }
    if (!arrived.current) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('lang', shown);
        return next;
      },
      { replace: true },
    );
  }, [linkLang, shown, setParams]);
}
