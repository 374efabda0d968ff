import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<title>` follows the page and the language, so tabs and history read right in both. */
export function usePageTitle(pageTitle?: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appName}` : appName;
  }, [pageTitle, appName]);
}
