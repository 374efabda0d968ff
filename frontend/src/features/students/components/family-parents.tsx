import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ContactDetails } from '../../directory/components/contact-details';
import { useLanguage } from '../../directory/components/use-language';
import type { DirectoryIndex } from '../../directory/model/directory-index';
import { localized, roleLabel } from '../../directory/model/labels';
import { Highlight } from '../../directory/search/highlight';
import type { FamilyCard, FamilyParent } from './family-cards';

function ParentEntry({ entry, index, query, showAddress }: {
  entry: FamilyParent;
  index: DirectoryIndex;
  query: string;
  showAddress: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { parent } = entry;
  const committees = entry.seats
    .map((seat) => {
      const committee = index.directory.committees[seat.committeeIndex]!;
      return `${localized(committee.name, lang)} (${roleLabel(seat.role, lang)})`;
    })
    .join(', ');
  return (
    <div>
      <Box variant="strong">
        <Highlight text={entry.name} query={query} />
      </Box>
      <ContactDetails
        email={parent.email}
        phone={parent.phone}
        {...(showAddress && parent.address ? { address: parent.address } : {})}
      />
      {committees && (
        <Box variant="small" display="block" color="text-body-secondary">
          {t('directory.students.committeesOf', { committees })}
        </Box>
      )}
    </div>
  );
}

/**
 * A family's parents. Two households (two different addresses shown) are listed apart, each under its address;
 * otherwise every parent is listed with their own contact details.
 */
export function FamilyParents({ card, index, query }: { card: FamilyCard; index: DirectoryIndex; query: string }) {
  const { t } = useTranslation();
  if (card.households.length === 0 || card.family.parents.length === 0) {
    return <Box color="text-body-secondary">{t('directory.students.noParents')}</Box>;
  }
  if (card.households.length === 1) {
    return (
      <SpaceBetween size="s">
        {card.households[0]!.parents.map((entry) => (
          <ParentEntry key={entry.index} entry={entry} index={index} query={query} showAddress />
        ))}
      </SpaceBetween>
    );
  }
  return (
    <SpaceBetween size="m">
      {card.households.map(({ household, parents }, i) => (
        <SpaceBetween size="xs" key={parents[0]?.index ?? i}>
          <Box variant="h4" padding="n">
            {household.address ? t('directory.students.household', { n: i + 1 }) : t('directory.students.householdHidden')}
          </Box>
          {household.address && <ContactDetails address={household.address} />}
          {parents.map((entry) => (
            <ParentEntry key={entry.index} entry={entry} index={index} query={query} showAddress={false} />
          ))}
        </SpaceBetween>
      ))}
    </SpaceBetween>
  );
}
