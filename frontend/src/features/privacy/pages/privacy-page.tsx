import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { PRIVACY_PATHS, type NoticeDocument, type PrivacyNoticeResponse } from '../../../../../shared/privacy-api';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ensureLocale } from '../../../i18n/i18n';
import { fetchPrivacyNotice } from '../api/privacy-client';

type Lang = keyof typeof PRIVACY_PATHS;

function usePrivacyNotice() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [notice, setNotice] = useState<PrivacyNoticeResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    fetchPrivacyNotice(apiBaseUrl).then(
      (loaded) => live && setNotice(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [apiBaseUrl, attempt]);
  return { notice, failed, retry: () => setAttempt((n) => n + 1) };
}

function NoticeSections({ doc }: { doc: NoticeDocument }) {
  return (
    <SpaceBetween size="l">
      {doc.sections.map((section) => (
        <Container key={section.id} header={<Header variant="h2">{section.heading}</Header>}>
          <SpaceBetween size="s">
            {section.paragraphs.map((paragraph, i) => (
              <Box variant="p" key={i}>
                {paragraph}
              </Box>
            ))}
          </SpaceBetween>
        </Container>
      ))}
    </SpaceBetween>
  );
}

/**
 * `/confidentialite` (French) and `/privacy` (English): the privacy policy, open to everyone, signed in or not. The
 * address names the policy's language (marked with `lang` for screen readers); the app around it keeps the
 * visitor's own language choice. Each version links to the other.
 */
export function PrivacyPage({ lang }: { lang: Lang }) {
  const { t, i18n } = useTranslation();
  const { notice, failed, retry } = usePrivacyNotice();
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  // The link names the other version in its own language: that language's strings load first.
  const [otherReady, setOtherReady] = useState(() => i18n.hasResourceBundle(other, 'translation'));
  useEffect(() => {
    let live = true;
    void ensureLocale(i18n, other).then(() => live && setOtherReady(true));
    return () => {
      live = false;
    };
  }, [i18n, other]);
  const doc = notice?.[lang];

  return (
    <PageFrame title={t('privacy.page.title')} description={t('privacy.page.description')}>
      <SpaceBetween size="l">
        {otherReady && (
          <Box>
            <span lang={other}>
              <RouterLink href={PRIVACY_PATHS[other]}>{t('privacy.page.readIn', { lng: other })}</RouterLink>
            </span>
          </Box>
        )}
        {failed && (
          <Alert type="error" action={<Button onClick={retry}>{t('privacy.page.retry')}</Button>}>
            {t('privacy.page.loadError')}
          </Alert>
        )}
        {!doc && !failed && <Spinner size="large" />}
        {doc && (
          <div lang={lang} data-testid="privacy-notice">
            <SpaceBetween size="l">
              <Box variant="p">{doc.short}</Box>
              <NoticeSections doc={doc} />
              <Box variant="small" color="text-body-secondary">
                {t('privacy.page.version', { version: notice.version })}
              </Box>
            </SpaceBetween>
          </div>
        )}
      </SpaceBetween>
    </PageFrame>
  );
}

export const FrenchPrivacyPage = () => <PrivacyPage lang="fr" />;
export const EnglishPrivacyPage = () => <PrivacyPage lang="en" />;
