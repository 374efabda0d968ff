import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import cloudscapeEn from '@cloudscape-design/components/i18n/messages/all.en';
import cloudscapeFr from '@cloudscape-design/components/i18n/messages/all.fr';
import { currentLocale } from './i18n';

const CLOUDSCAPE_MESSAGES = [cloudscapeFr, cloudscapeEn];

/** Cloudscape's built-in labels (pagination, app layout, flashbar...) follow the app's locale. */
export function CloudscapeI18n({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={currentLocale(i18n)} messages={CLOUDSCAPE_MESSAGES}>
      {children}
    </I18nProvider>
  );
}
