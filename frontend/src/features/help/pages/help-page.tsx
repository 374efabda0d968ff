import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PRIVACY_PATHS } from '@shared/contracts/privacy-paths';
import { PageFrame } from '../../../components/page/page-frame';
import { CODE_PAGE_PATHS } from '@shared/rules/short-code';
import { RouterLink } from '../../../components/router-link/router-link';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import type { Locale } from '../../../i18n/locale';
import { usePageLanguage } from '../../../i18n/use-page-language';
import { useLanguage } from '../../../lib/use-language';
import { InstallHelp } from '../components/install-help';


function Topic({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      <SpaceBetween size="s">{children}</SpaceBetween>
    </Container>
  );
}

function Contact() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { contactEmail } = useRuntimeConfig();
  return (
    <Topic title={t('help.contact.title')}>
      {contactEmail ? (
        <Box variant="p">
          {t('help.contact.body')} <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
        </Box>
      ) : (
        <Box variant="p">{t('help.contact.noEmail')}</Box>
      )}
      <Box variant="p">
        {t('help.contact.privacy')} <RouterLink href={PRIVACY_PATHS[lang]}>{t('footer.privacy')}</RouterLink>
      </Box>
    </Topic>
  );
}

/**
 * `/aide` (French) and `/help` (English): what a parent asks in their first minutes (docs/frontend.md, "Help, and
 * diagnostics for administrators"). Open to everyone, signed in or not: who may register is asked before an
 * account exists. The page opens in its address's language unless the visitor already chose one (not saved as a choice).
 */
function HelpPage({ lang }: { lang: Locale }) {
  const { t } = useTranslation();
  const shown = useLanguage();
  usePageLanguage(lang, { unlessChosen: true });

  return (
    <PageFrame title={t('help.title')} description={t('help.description')}>
      <SpaceBetween size="l">
        <Topic title={t('help.register.title')}>
          <Box variant="p">{t('help.register.who')}</Box>
          <Box variant="p">{t('help.register.refused')}</Box>
          <RouterLink href="/auth?mode=register">{t('help.register.action')}</RouterLink>
        </Topic>
        <Topic title={t('help.visibility.title')}>
          <Box variant="p">{t('help.visibility.levels')}</Box>
          <Box variant="p">{t('help.visibility.preview')}</Box>
          <RouterLink href="/profile">{t('help.visibility.action')}</RouterLink>
        </Topic>
        <Topic title={t('help.update.title')}>
          <Box variant="p">{t('help.update.yearly')}</Box>
          <Box variant="p">{t('help.update.lost')}</Box>
          <RouterLink href={CODE_PAGE_PATHS[shown]}>{t('help.update.action')}</RouterLink>
        </Topic>
        <Topic title={t('help.install.title')}>
          <InstallHelp />
        </Topic>
        <Topic title={t('help.print.title')}>
          <Box variant="p">{t('help.print.how')}</Box>
          <Box variant="p">{t('help.print.private')}</Box>
        </Topic>
        <Contact />
      </SpaceBetween>
    </PageFrame>
  );
}

export const FrenchHelpPage = () => <HelpPage lang="fr" />;
export const EnglishHelpPage = () => <HelpPage lang="en" />;
