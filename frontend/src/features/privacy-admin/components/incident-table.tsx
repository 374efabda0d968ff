import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Incident } from '@shared/contracts/privacy-incidents-api';
import type { Language } from '@shared/schemas/common';
import { formatLongDate } from '../../../lib/date-time';
import { useIsMobile, useLanguage } from '../../../lib/use-language';

/** Dates are shown as stored, `2026-10-03` (the numeric form the OQLF recommends). */
function Notified({ notified, on }: { notified: boolean; on?: string }) {
  const { t } = useTranslation();
  return notified ? <StatusIndicator type="success">{on}</StatusIndicator> : <StatusIndicator type="stopped">{t('common.no')}</StatusIndicator>;
}

function Risk({ incident }: { incident: Incident }) {
  const { t } = useTranslation();
  return incident.seriousInjuryRisk ? (
    <StatusIndicator type="warning">{t('common.yes')}</StatusIndicator>
  ) : (
    <StatusIndicator type="info">{t('common.no')}</StatusIndicator>
  );
}

/** A long description cut to its start (the form shows it whole). */
const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

function columns(t: TFunction, lang: Language, onEdit: (incident: Incident) => void) {
  const edit = (incident: Incident): ReactNode => (
    <Button variant="inline-link" onClick={() => onEdit(incident)} ariaLabel={t('privacyIncidents.table.editOf', { date: formatLongDate(incident.discoveredOn, lang) })}>
      {t('privacyIncidents.table.edit')}
    </Button>
  );
  const header = (key: string) => t(`privacyIncidents.table.headers.${key}`);
  return [
    { id: 'discoveredOn', header: header('discoveredOn'), cell: (i: Incident) => i.discoveredOn, minWidth: 110 },
    { id: 'occurredOn', header: header('occurredOn'), cell: (i: Incident) => i.occurredOn, minWidth: 110 },
    { id: 'description', header: header('description'), cell: (i: Incident) => excerpt(i.description), minWidth: 220 },
    { id: 'peopleCount', header: header('peopleCount'), cell: (i: Incident) => i.peopleCount, minWidth: 100 },
    { id: 'risk', header: header('risk'), cell: (i: Incident) => <Risk incident={i} />, minWidth: 110 },
    { id: 'commission', header: header('commission'), cell: (i: Incident) => <Notified notified={i.commissionNotified} on={i.commissionNotifiedOn} />, minWidth: 130 },
    { id: 'people', header: header('people'), cell: (i: Incident) => <Notified notified={i.peopleNotified} on={i.peopleNotifiedOn} />, minWidth: 130 },
    { id: 'actions', header: header('actions'), cell: edit, minWidth: 100 },
  ] satisfies TableProps.ColumnDefinition<Incident>[];
}

function EmptyRegister({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <SpaceBetween size="s">
        <Box variant="strong">{t('privacyIncidents.empty.title')}</Box>
        <Box variant="p" color="text-body-secondary">{t('privacyIncidents.empty.description')}</Box>
        <Button onClick={onCreate}>{t('privacyIncidents.create')}</Button>
      </SpaceBetween>
    </Box>
  );
}

export interface IncidentTableProps {
  incidents: Incident[];
  onCreate: () => void;
  onEdit: (incident: Incident) => void;
  /** The export buttons, in the header next to "Record an incident". */
  exports: ReactNode;
}

/** The register: a table on wide screens, cards on phones (docs/product-rules.md), newest discovery first. */
export function IncidentTable({ incidents, onCreate, onEdit, exports }: IncidentTableProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const header = (
    <Header
      variant="h2"
      counter={`(${incidents.length})`}
      description={t('privacyIncidents.table.description')}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {exports}
          <Button variant="primary" onClick={onCreate}>{t('privacyIncidents.create')}</Button>
        </SpaceBetween>
      }
    >
      {t('privacyIncidents.table.title')}
    </Header>
  );
  const shared = { items: incidents, empty: <EmptyRegister onCreate={onCreate} />, header };
  if (mobile) {
    const definitions = columns(t, lang, onEdit);
    return (
      <Cards
        {...shared}
        ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: t('privacyIncidents.table.title') }}
        cardDefinition={{
          header: (i) => t('privacyIncidents.table.cardTitle', { date: formatLongDate(i.discoveredOn, lang) }),
          sections: definitions.filter((c) => c.id !== 'discoveredOn').map((c) => ({ id: c.id, header: c.header, content: c.cell })),
        }}
      />
    );
  }
  return <Table {...shared} variant="container" wrapLines columnDefinitions={columns(t, lang, onEdit)} ariaLabels={{ tableLabel: t('privacyIncidents.table.title') }} />;
}
