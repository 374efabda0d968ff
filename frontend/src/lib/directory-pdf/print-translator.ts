import i18next from 'i18next';
import type { Language } from '@shared/schemas/common';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import type { Translate } from './print-layout';

/**
 * The printed words in one language outside the app (tests, the benchmark in Node): the same i18n files and
 * placeholder notation as the app's instance (frontend/src/i18n/i18n.ts), whose `getFixedT` the browser uses.
 */
export function printTranslator(lang: Language): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { fr: { translation: fr }, en: { translation: en } },
    lng: lang,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    showSupportNotice: false,
  });
  return instance.getFixedT(lang) as Translate;
}
