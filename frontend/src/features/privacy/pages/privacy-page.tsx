import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PRIVACY_PATHS, type NoticeDocument } from '@shared/contracts/privacy-api';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { RouterLink } from '../../../components/router-link/router-link';
import { ensureLocale } from '../../../i18n/i18n';
import { usePrivacyNotice } from '../api/privacy-queries';

type Lang = keyof typeof PRIVACY_PATHS;

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
  const notice = usePrivacyNotice();
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
        <QueryState query={notice} genericKey="privacy.page.loadError">
          {(loaded) => (
            <div lang={lang} data-testid="privacy-notice">
              <SpaceBetween size="l">
                <Box variant="p">{loaded[lang].short}</Box>
                <NoticeSections doc={loaded[lang]} />
                <Box variant="small" color="text-body-secondary">
                  {t('privacy.page.version', { version: loaded.version })}
                </Box>
              </SpaceBetween>
            </div>
          )}
        </QueryState>
      </SpaceBetween>
    </PageFrame>
  );
}

export const FrenchPrivacyPage = () => <PrivacyPage lang="fr" />;
export const EnglishPrivacyPage = () => <PrivacyPage lang="en" />;
