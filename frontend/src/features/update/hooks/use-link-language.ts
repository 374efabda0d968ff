import { useSearchParams } from 'react-router-dom';
import { usePageLanguage } from '../../../i18n/use-page-language';

/**
 * The link carries the language of the email that held it (`?lang=`, the parent's preferred language): the page
 * opens in it, whatever language the device was left in, but the link does not save it as the device's choice
 * (two parents sharing a tablet: the next link, and the app, open in the device's saved language). The language
 * switch on the page saves, as anywhere.
 */
export function useLinkLanguage() {
  const [params] = useSearchParams();
  usePageLanguage(params.get('lang'));
}
