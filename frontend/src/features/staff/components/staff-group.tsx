import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { visibleStaffContact } from '@shared/rules/visibility';
import { ContactDetails } from '../../../components/directory/contact-details';
import { Highlight, HighlightQuery } from '../../../components/directory/highlight';
import { AddToContacts } from '../../../components/directory/add-to-contacts';
import { staffCard } from '../../../lib/directory/contacts';
import { useLanguage } from '../../../lib/use-language';
import type { StaffRow } from '../../../lib/directory/staff-rows';

/** The name and the title, with the search's query marked (HighlightQuery, given by StaffGroup). */
function NameAndTitle({ row }: { row: StaffRow }) {
  return (
    <div>
      <Box variant="strong">
        <Highlight text={row.name} />
      </Box>
      <Box variant="small" display="block" color="text-body-secondary">
        <Highlight text={row.title} />
      </Box>
    </div>
  );
}

function CeRole({ row }: { row: StaffRow }) {
  const { t } = useTranslation();
  // The same mark as an empty Classes cell (a trial saw « — » and « - » side by side).
  if (!row.ce) return <Box color="text-body-secondary">—</Box>;
  return <>{row.ce.rank ? t('directory.staff.ceRoleRank', { role: row.ce.role, rank: row.ce.rank }) : row.ce.role}</>;
}

/**
 * A phone card's classes and governing-board seat, each only when the person has one: most staff have neither, and
 * a card of "Classes -" and "CE (rôle et rang) -" lines made the list twice as long for nothing.
 */
function PhoneDetails({ row }: { row: StaffRow }) {
  const { t } = useTranslation();
  if (row.classes.length === 0 && !row.ce) return null;
  return (
    <SpaceBetween size="xs">
      {row.classes.length > 0 && (
        <div>
          <Box variant="awsui-key-label">{t('directory.staff.classes')}</Box>
          <div>{row.classes.join(', ')}</div>
        </div>
      )}
      {row.ce && (
        <div>
          <Box variant="awsui-key-label">{t('directory.staff.ce')}</Box>
          <CeRole row={row} />
        </div>
      )}
    </SpaceBetween>
  );
}

/**
 * One department's staff: a table on a wide screen, cards on a phone. The query is marked in names, titles and
 * emails, as in the other search lists (HighlightQuery around the rows).
 */
export function StaffGroup({ rows, query, mobile, school }: { rows: StaffRow[]; query: string; mobile: boolean; school?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const classes = (row: StaffRow) => (row.classes.length > 0 ? row.classes.join(', ') : '—');
  const contact = (row: StaffRow) => {
    // What shows is visibleStaffContact's, as in the printable directory and the vCard.
    const { email, phone, extension } = visibleStaffContact(row.member);
    return (
      <>
        <ContactDetails email={email} phone={phone} matchEmail />
        {/* On its own line: a <small> is inline, and « Ext. 1234 » ran into « Add to contacts » at 375 px. */}
        {extension && (
          <Box variant="small" display="block">
            {t('staffUpdate.directory.extension', { extension })}
          </Box>
        )}
        <AddToContacts
          label={t('directory.contacts.add')}
          ariaLabel={t('directory.contacts.addOne', { name: row.name })}
          fileName={row.name}
          cards={() => [staffCard(row, school, lang)]}
        />
      </>
    );
  };
  const columns: TableProps.ColumnDefinition<StaffRow>[] = [
    { id: 'name', header: t('directory.staff.name'), cell: (row) => <NameAndTitle row={row} /> },
    // Room for the header's one word: narrower, "Classes" broke mid-word at 1,280 px.
    { id: 'classes', header: t('directory.staff.classes'), cell: classes, minWidth: 110 },
    { id: 'ce', header: t('directory.staff.ce'), cell: (row) => <CeRole row={row} /> },
    { id: 'contact', header: t('directory.staff.contact'), cell: contact },
  ];
  return (
    <HighlightQuery.Provider value={query}>
      {mobile ? (
        <Cards
          items={rows}
          trackBy={(row) => String(row.index)}
          cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }]}
          cardDefinition={{
            header: (row) => <NameAndTitle row={row} />,
            sections: [
              { id: 'details', content: (row) => <PhoneDetails row={row} /> },
              { id: 'contact', header: t('directory.staff.contact'), content: contact },
            ],
          }}
        />
      ) : (
        <Table items={rows} trackBy={(row) => String(row.index)} variant="embedded" wrapLines columnDefinitions={columns} />
      )}
    </HighlightQuery.Provider>
  );
}
