import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ImportIssue, ImportReport } from '@shared/contracts/import-api';
import { entityTitle } from '@shared/rules/import-columns';
import { useIsMobile, useLanguage } from '../../../lib/use-language';
import { countRows, issueRows, type CountRow, type IssueRow } from '../model/import-model';

/** Issues as a table on a wide screen, as stacked sentences on a phone (no horizontal scrolling). */
function IssueList({ issues, title, total }: { issues: readonly ImportIssue[]; title: string; total: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const rows = issueRows(issues, lang);
  const header = <Header variant="h3" counter={`(${total})`}>{title}</Header>;
  if (mobile) {
    return (
      <SpaceBetween size="xs">
        {header}
        <ul aria-label={title}>
          {rows.map((row) => (
            <li key={row.id}>
              <Box variant="small">
                {[row.file, row.line && t('adminData.report.lineN', { line: row.line }), row.column && t('adminData.report.columnN', { column: row.column })]
                  .filter(Boolean)
                  .join(' · ')}
              </Box>
              <Box>{row.message}</Box>
            </li>
          ))}
        </ul>
      </SpaceBetween>
    );
  }
  return (
    <Table<IssueRow>
      header={header}
      variant="embedded"
      wrapLines
      items={rows}
      trackBy="id"
      columnDefinitions={[
        { id: 'file', header: t('adminData.report.file'), cell: (row) => row.file },
        { id: 'line', header: t('adminData.report.line'), cell: (row) => row.line },
        { id: 'column', header: t('adminData.report.column'), cell: (row) => row.column },
        { id: 'message', header: t('adminData.report.message'), cell: (row) => row.message },
      ]}
    />
  );
}

/** The dry run's answer: what the apply would do, per file, and every error with its place. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const counts = countRows(report);
  const records = counts.reduce((sum, row) => sum + row.create + row.update, 0);
  const related = report.related;
  const invalid = !report.valid || report.errorCount > 0;
  return (
    <SpaceBetween size="m">
      {invalid ? (
        <Alert type="error" header={t('adminData.report.invalidTitle', { count: report.errorCount })}>
          {t('adminData.report.invalidBody')}
        </Alert>
      ) : report.writes === 0 ? (
        <Alert type="info" header={t('adminData.report.noChangesTitle')}>{t('adminData.report.noChangesBody')}</Alert>
      ) : (
        // The records the details below count (a trial read « 4 changements » over « 2 à mettre à jour »: the storage's
        // writes, registry entries included, were counted); links and seats alone are said without a count.
        <Alert type="success" header={t('adminData.report.validTitle')}>
          {records > 0 ? t('adminData.report.validBody', { count: records }) : t('adminData.report.validBodyLinks')}
        </Alert>
      )}
      {counts.length > 0 && (
        // The heading above the cards, not Cards' own header: inside this container, Cards drew it as an empty box
        // of its own with the cards below it.
        <SpaceBetween size="xs">
          <Header variant="h3">{t('adminData.report.countsTitle')}</Header>
          <Cards
            cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 3 }]}
            trackBy="entity"
            items={counts}
            cardDefinition={{
              header: (row) => entityTitle(row.entity, lang),
              sections: [
                { id: 'create', header: t('adminData.report.create'), content: (row) => row.create },
                { id: 'update', header: t('adminData.report.update'), content: (row) => row.update },
                { id: 'unchanged', header: t('adminData.report.unchanged'), content: (row) => row.unchanged },
                // Only when some row is refused: a valid import's cards stay as they were.
                ...(counts.some((row) => row.refused > 0)
                  ? [{ id: 'refused', header: t('adminData.report.refused'), content: (row: CountRow) => row.refused }]
                  : []),
              ],
            }}
          />
        </SpaceBetween>
      )}
      {!invalid && (
        <Box variant="small">
          {t('adminData.report.related', {
            linksAdded: related.familyLinksAdded,
            linksRemoved: related.familyLinksRemoved,
            seats: related.membershipsAdded + related.membershipsChanged + related.membershipsRemoved,
            emails: related.registryAdded + related.registryRemoved,
          })}
          {report.createsSettings && ` ${t('adminData.report.createsSettings')}`}
        </Box>
      )}
      {report.errors.length > 0 && (
        <IssueList issues={report.errors} title={t('adminData.report.errorsTitle')} total={report.errorCount} />
      )}
      {report.warnings.length > 0 && (
        <IssueList issues={report.warnings} title={t('adminData.report.warningsTitle')} total={report.warnings.length} />
      )}
    </SpaceBetween>
  );
}
