import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Language } from '@shared/schemas/common';
import type { DirectoryParent } from '@shared/contracts/directory-api';
import { PREVIEW_RELATIONS, visibleParent, type ParentDetails } from '@shared/rules/visibility';
import { ContactDetails } from '../directory/contact-details';
import { interestLabel } from '../../lib/directory/labels';
import { fullName } from '../../lib/directory/names';

const PREVIEW_CARD = { minWidth: 0, overflowWrap: 'anywhere' } as const;

/** One viewer's view of the card: who, then the name, the contact details and the interests they receive. */
function PreviewCard({ card, viewer, lang }: { card: DirectoryParent; viewer: string; lang: Language }) {
  const { t } = useTranslation();
  const details = card.email || card.phone || card.address;
  return (
    // A long word (a link in the skills, a long email) wraps inside the card instead of widening a phone's page.
    <section aria-label={viewer} style={PREVIEW_CARD}>
      <SpaceBetween size="xs">
        <Box variant="h3" fontSize="heading-s">{viewer}</Box>
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
}

/**
 * "See my card as others see it" (docs/privacy.md): the family's card as a parent of another class, a parent of
 * the same class and a staff member would see it, computed by the server's own rule (shared/rules/visibility.ts
 * visibleParent) from what the form holds now, and drawn with the directory's contact block. When all three see
 * the same card (every field for the whole school, or name only), it is shown once, saying it is everyone's.
 */
export function CardPreview({ parent, lang }: { parent: ParentDetails; lang: Language }) {
  const { t } = useTranslation();
  const cards = PREVIEW_RELATIONS.map((relation) => ({ relation, card: visibleParent(parent, relation, []) }));
  const same = cards.every(({ card }) => JSON.stringify(card) === JSON.stringify(cards[0]!.card));
  return (
    <Container
      header={
        <Header variant="h2" description={t('privacyPreview.description')}>
          {t('privacyPreview.title')}
        </Header>
      }
    >
      {same ? (
        <PreviewCard card={cards[0]!.card} viewer={t('privacyPreview.everyone')} lang={lang} />
      ) : (
        <ColumnLayout columns={3} borders="vertical">
          {cards.map(({ relation, card }) => (
            <PreviewCard key={relation} card={card} viewer={t(`privacyPreview.viewers.${relation}`)} lang={lang} />
          ))}
        </ColumnLayout>
      )}
    </Container>
  );
}
