import { useTranslation } from 'react-i18next';
import { ContactDetails } from '../../../components/directory/contact-details';
import { TextScope } from '../../../components/directory/text-scope';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { localized, roleLabel } from '../../../lib/directory/labels';
import { Highlight } from '../../../components/directory/highlight';
import type { FamilyCard, FamilyParent } from '../../../lib/directory/family-cards';

const ENTRY = { marginBlockEnd: 8 } as const;

function ParentEntry({ entry, index, showAddress }: {
  entry: FamilyParent;
  index: DirectoryIndex;
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
    <div style={ENTRY}>
      <strong>
        <Highlight text={entry.name} />
      </strong>
      <ContactDetails
        email={parent.email}
        phone={parent.phone}
        {...(showAddress && parent.address ? { address: parent.address } : {})}
      />
      {committees && <small>{t('directory.students.committeesOf', { committees })}</small>}
    </div>
  );
}

/**
 * A family's parents. Two households (two different addresses shown) are listed apart, each under its address;
 * otherwise every parent is listed with their own contact details. Plain HTML (TextScope), keyed by position
 * like the rows around it (page-slots.ts).
 */
export function FamilyParents({ card, index }: { card: FamilyCard; index: DirectoryIndex }) {
  const { t } = useTranslation();
  if (card.households.length === 0 || card.family.parents.length === 0) {
    return <small>{t('directory.students.noParents')}</small>;
  }
  if (card.households.length === 1) {
    return (
      <TextScope>
        {card.households[0]!.parents.map((entry, position) => (
          <ParentEntry key={position} entry={entry} index={index} showAddress />
        ))}
      </TextScope>
    );
  }
  return (
    <TextScope>
      {card.households.map(({ household, parents }, i) => (
        <div key={i} style={ENTRY}>
          {/* A label, not a heading: on wide screens the row has no heading of its own for it to sit under. */}
          <p style={{ marginBlock: 0 }}>
            <strong>
              {household.address ? t('directory.students.household', { n: i + 1 }) : t('directory.students.householdHidden')}
            </strong>
          </p>
          {household.address && <ContactDetails address={household.address} />}
          {parents.map((entry, position) => (
            <ParentEntry key={position} entry={entry} index={index} showAddress={false} />
          ))}
        </div>
      ))}
    </TextScope>
  );
}
