import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import { currentLocale, loadedCloudscapeMessages } from './i18n';

/**
 * Cloudscape's built-in labels (pagination, app layout, flashbar...) follow the app's locale. Its messages come
 * with the app's strings, one language at a time (i18n.ts): a language switch loads them before it re-renders.
 */
export function CloudscapeI18n({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={currentLocale(i18n)} messages={loadedCloudscapeMessages()}>
      {children}
    </I18nProvider>
  );
}
