import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Language } from '../../../../shared/schemas/common';
import { PREVIEW_RELATIONS, visibleParent, type ParentDetails } from '../../../../shared/visibility';
import { ContactDetails } from '../directory/contact-details';
import { interestLabel } from '../../lib/directory/labels';
import { fullName } from '../../lib/directory/names';

/**
 * "See my card as others see it" (docs/privacy.md): the family's card as a parent of another class, a parent of
 * the same class and a staff member would see it, computed by the server's own rule (shared/visibility.ts
 * visibleParent) from what the form holds now, and drawn with the directory's contact block.
 */
export function CardPreview({ parent, lang }: { parent: ParentDetails; lang: Language }) {
  const { t } = useTranslation();
  return (
    <Container
      header={
        <Header variant="h2" description={t('privacyPreview.description')}>
          {t('privacyPreview.title')}
        </Header>
      }
    >
      <ColumnLayout columns={3} borders="vertical">
        {PREVIEW_RELATIONS.map((relation) => {
          const card = visibleParent(parent, relation, []);
          const details = card.email || card.phone || card.address;
          return (
            <section key={relation} aria-label={t(`privacyPreview.viewers.${relation}`)} data-viewer={relation}>
              <SpaceBetween size="xs">
                <Box variant="h3" fontSize="heading-s">{t(`privacyPreview.viewers.${relation}`)}</Box>
                <Box variant="strong">{fullName(card)}</Box>
                {details ? (
                  <ContactDetails email={card.email} phone={card.phone} address={card.address} />
                ) : (
                  <Box color="text-body-secondary">{t('privacyPreview.nameOnly')}</Box>
                )}
                {card.interests && <Box variant="small">{card.interests.map((c) => interestLabel(c, lang)).join(', ')}</Box>}
                {card.skills && <Box variant="small">{card.skills}</Box>}
              </SpaceBetween>
            </section>
          );
        })}
      </ColumnLayout>
    </Container>
  );
}
