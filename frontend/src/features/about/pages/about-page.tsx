import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';

export function AboutPage() {
  const { t } = useTranslation();
  const { contactEmail } = useRuntimeConfig();
  return (
    <PageFrame title={t('pages.about.title')} description={t('pages.about.description')}>
      <SpaceBetween size="l">
        <Container>
          <Box variant="p">{t('pages.about.body')}</Box>
        </Container>
        <Container header={<Header variant="h2">{t('pages.about.privacyTitle')}</Header>}>
          <Box variant="p">{t('pages.about.privacy')}</Box>
        </Container>
        <Container header={<Header variant="h2">{t('pages.about.contactTitle')}</Header>}>
          {contactEmail ? (
            <Box variant="p">
              {t('pages.about.contact')} <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
            </Box>
          ) : (
            <Box variant="p">{t('pages.about.noContact')}</Box>
          )}
        </Container>
      </SpaceBetween>
    </PageFrame>
  );
}
