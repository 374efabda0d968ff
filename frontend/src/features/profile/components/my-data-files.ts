import type { MyDataCampaign, MyDataParent, MyDataResponse } from '@shared/contracts/my-data-api';
import type { ActivityEntry } from '@shared/contracts/privacy-activity-api';
import type { Language, LocalizedText } from '@shared/schemas/common';
import { VISIBILITY_FIELDS } from '@shared/rules/visibility';
import { writeCsv } from '@shared/format/csv';
import { formatPhone } from '@shared/format/phone';
import { formatPostalCode } from '@shared/format/postal-code';
import { changeLines } from '../../../components/privacy/consent-log';
import { interestLabel, roleLabel } from '../../../lib/directory/labels';
import { formatDate, formatDateTime } from '../../../lib/date-time';
import { participantEventText } from '../../../lib/participant-events';

/**
 * "Download my data" as the person reads it (docs/privacy.md, "Download my data"): one CSV file per subject whose
 * column names, values and file names are in the reader's language, worded with the app's own translations (the
 * school's level labels, "Toute l'école", "Complète", the consent log's and the activity's sentences), and, beside
 * them, the server's JSON unchanged (codes, ISO dates) for another program. French files use ';' and English ','
 * (what each spreadsheet expects), with a byte-order mark.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Row = string[];

export interface ReadableContext {
  t: Translate;
  lang: Language;
  /** Level labels from the school's settings, by code (My Profile's children carry them); a code not found shows as is. */
  levels: ReadonlyMap<string, LocalizedText>;
}

export interface DataFile {
  name: string;
  text: string;
}

const SECTIONS = ['record', 'children', 'committees', 'consent', 'campaigns', 'activity'] as const;
type Section = (typeof SECTIONS)[number];

const fullName = (parent: MyDataParent) => `${parent.record.firstName} ${parent.record.lastName}`;

/** The record as "what, value" lines (one value column per parent record when the email holds two). */
function recordRows(parents: MyDataParent[], { t, lang }: ReadableContext): Row[] {
  const audience = (parent: MyDataParent, field: (typeof VISIBILITY_FIELDS)[number]) =>
    t(`updateForm.visibility.audiences.${parent.record.audiences[field]}`);
  const lines: [string, (parent: MyDataParent) => string][] = [
    [t('updateForm.fields.firstName'), (p) => p.record.firstName],
    [t('updateForm.fields.lastName'), (p) => p.record.lastName],
    [t('updateForm.fields.email'), (p) => p.record.email ?? ''],
    [t('updateForm.fields.phone'), (p) => (p.record.phone ? formatPhone(p.record.phone) : '')],
    [t('updateForm.fields.street'), (p) => p.record.address?.street ?? ''],
    [t('updateForm.fields.city'), (p) => p.record.address?.city ?? ''],
    [t('updateForm.fields.postalCode'), (p) => (p.record.address ? formatPostalCode(p.record.address.postalCode) : '')],
    [t('updateForm.fields.interests'), (p) => p.record.interests.map((code) => interestLabel(code, lang)).join(', ')],
    [t('updateForm.fields.skills'), (p) => p.record.skills],
    [t('updateForm.fields.participation'), (p) => t(`updateForm.participation.${p.record.participation}.label`)],
    ...VISIBILITY_FIELDS.map((field): [string, (p: MyDataParent) => string] => [
      t(`updateForm.visibility.fields.${field}`),
      (p) => audience(p, field),
    ]),
    [t('updateForm.fields.preferredLanguage'), (p) => t(`consentLog.languages.${p.record.preferredLanguage}`)],
    [t('myData.columns.createdAt'), (p) => formatDate(p.record.createdAt)],
    [t('myData.columns.updatedAt'), (p) => formatDate(p.record.updatedAt)],
    [t('myData.columns.id'), (p) => p.record.id],
  ];
  const header = [t('myData.columns.what'), ...(parents.length > 1 ? parents.map(fullName) : [t('myData.columns.value')])];
  return [header, ...lines.map(([label, value]) => [label, ...parents.map(value)])];
}

/** A campaign's history in one cell: "2026-09-02 14 h 05 Formulaire soumis (depuis Mon profil)", newest last. */
function historyText(campaign: MyDataCampaign, { t, lang }: ReadableContext): string {
  return campaign.history
    .map((h) => `${formatDateTime(h.at, lang)} ${participantEventText(h, t, lang)}`)
    .join(' | ');
}

function activityText(entry: ActivityEntry, t: Translate): string {
  return t(`myActivity.kinds.${entry.kind}`, { role: t(`myActivity.roles.${entry.role}`), format: (entry.format ?? '').toUpperCase() });
}

/** One subject's rows (after its header) for one parent record. */
function sectionRows(section: Exclude<Section, 'record'>, parent: MyDataParent, context: ReadableContext): Row[] {
  const { t, lang, levels } = context;
  const when = (at: string) => formatDateTime(at, lang);
  const field = (name: string) => t(`myActivity.fields.${name}`);
  switch (section) {
    case 'children':
      return parent.children.map((c) => [c.firstName, c.lastName, levels.get(c.level)?.[lang] ?? c.level, c.class?.name ?? '']);
    case 'committees':
      return parent.committees.map((c) => [c.name[lang], roleLabel(c.role, lang)]);
    case 'consent':
      return parent.consentLog.map((e) => [
        when(e.at),
        t(`consentLog.by.${e.by}`),
        changeLines(e, t).join(' | '),
        t('consentLog.notice', { version: e.noticeVersion, language: t(`consentLog.languages.${e.language}`) }),
      ]);
    case 'campaigns':
      return parent.campaigns.map((c) => [
        c.schoolYear,
        t(`annualUpdateAdmin.status.${c.status}`),
        c.submittedAt ? when(c.submittedAt) : '',
        t(c.optedOut ? 'common.yes' : 'common.no'),
        historyText(c, context),
        (c.awaitingReview?.fields ?? []).map((f) => field(f.field)).join(', '),
      ]);
    case 'activity':
      return parent.activity.map((e) => [when(e.at), activityText(e, t), (e.fields ?? []).map(field).join(', ')]);
  }
}

const COLUMNS: Record<Exclude<Section, 'record'>, string[]> = {
  children: ['updateForm.fields.firstName', 'updateForm.fields.lastName', 'myData.columns.level', 'myData.columns.class'],
  committees: ['myData.columns.committee', 'myData.columns.role'],
  consent: ['myData.columns.date', 'myData.columns.by', 'myData.columns.change', 'myData.columns.notice'],
  campaigns: [
    'myData.columns.schoolYear',
    'myData.columns.status',
    'myData.columns.submittedAt',
    'myData.columns.optedOut',
    'myData.columns.history',
    'myData.columns.awaitingReview',
  ],
  activity: ['myData.columns.date', 'myData.columns.act', 'myData.columns.fields'],
};

function rowsOf(section: Section, parents: MyDataParent[], context: ReadableContext): Row[] {
  if (section === 'record') return recordRows(parents, context);
  const several = parents.length > 1;
  const header = [...(several ? [context.t('myData.columns.parent')] : []), ...COLUMNS[section].map((key) => context.t(key))];
  const rows = parents.flatMap((parent) =>
    sectionRows(section, parent, context).map((row) => (several ? [fullName(parent), ...row] : row)),
  );
  return [header, ...rows];
}

/** The files of the download: the readable CSV files, then the machine-readable JSON, named in the reader's language. */
export function myDataFiles(data: MyDataResponse, context: ReadableContext): DataFile[] {
  const { t, lang } = context;
  const prefix = t('myData.fileName');
  const separator = lang === 'fr' ? ';' : ',';
  return [
    ...SECTIONS.map((section) => ({
      name: `${prefix}-${t(`myData.files.${section}`)}.csv`,
      text: writeCsv(rowsOf(section, data.parents, context), { separator }),
    })),
    { name: `${prefix}-${t('myData.files.machine')}.json`, text: `${JSON.stringify(data, null, 2)}\n` },
  ];
}
