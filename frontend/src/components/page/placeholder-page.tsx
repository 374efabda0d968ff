import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PageFrame } from './page-frame';

/** Stand-in for a screen that a later piece of work builds: its title, its purpose and "coming soon". */
export function PlaceholderPage({ titleKey, descriptionKey, children }: {
  titleKey: string;
  descriptionKey: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)} description={t(descriptionKey)}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="p">{t('common.comingSoon')}</Box>
          {children}
        </SpaceBetween>
      </Container>
    </PageFrame>
  );
}
