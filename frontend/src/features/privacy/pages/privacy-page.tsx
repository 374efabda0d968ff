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
 * address names the policy's language (marked with `lang` for screen readers): its title, description and version
 * line are in that language too (an English reader of /confidentialite saw "Privacy policy" over the French text);
 * the app around it keeps the visitor's own language choice. Each version links to the other.
 */
export function PrivacyPage({ lang }: { lang: Lang }) {
  const { t, i18n } = useTranslation();
  const notice = usePrivacyNotice();
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  // The page's own words and the link to the other version (named in its own language): both languages' strings
  // load first; until then, the visitor's language.
  const loadedBoth = () => i18n.hasResourceBundle(lang, 'translation') && i18n.hasResourceBundle(other, 'translation');
  const [ready, setReady] = useState(loadedBoth);
  useEffect(() => {
    let live = true;
    void Promise.all([ensureLocale(i18n, lang), ensureLocale(i18n, other)]).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [i18n, lang, other]);
  const own = (key: string, options: Record<string, unknown> = {}) => t(key, ready ? { ...options, lng: lang } : options);

  return (
    <PageFrame title={own('privacy.page.title')} description={own('privacy.page.description')} {...(ready ? { lang } : {})}>
      <SpaceBetween size="l">
        {ready && (
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
                  {own('privacy.page.version', { version: loaded.version })}
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
