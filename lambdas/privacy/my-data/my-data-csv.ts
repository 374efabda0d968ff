import { writeCsv } from '@shared/format/csv';
import type { ReviewValue } from '@shared/rules/annual-update-review';
import type { MyDataCsvResponse, MyDataParent, MyDataResponse, MyDataSection } from '@shared/contracts/my-data-api';
import type { PrivacyState } from '@shared/contracts/privacy-consent-api';
import type { Language } from '@shared/schemas/common';
import type { FieldAudiences } from '@shared/rules/visibility';

/**
 * "Download my data" as CSV files (docs/privacy.md, "Download my data"): one file per section, in the language
 * of the caller's first parent record (headers and file names), with what each spreadsheet expects: a byte-order
 * mark, `;` in French and `,` in English. Every file but the record's starts with the parent record's id, so a
 * caller with two records can tell their rows apart. Codes (participation, audiences, events) stay codes: the
 * JSON file and docs/privacy.md explain them.
 */

type Row = string[];
type Columns = Record<Language, string[]>;

const HEADERS: Record<MyDataSection, Columns> = {
  record: {
    fr: ['Identifiant', 'Prénom', 'Nom', 'Courriel', 'Téléphone', 'Adresse', 'Ville', 'Code postal', 'Intérêts', 'Compétences', 'Participation', 'Public courriel', 'Public téléphone', 'Public adresse', 'Public profil', 'Langue', 'Créé le', 'Modifié le'],
    en: ['Id', 'First name', 'Last name', 'Email', 'Phone', 'Street', 'City', 'Postal code', 'Interests', 'Skills', 'Participation', 'Email audience', 'Phone audience', 'Address audience', 'Profile audience', 'Language', 'Created', 'Updated'],
  },
  children: {
    fr: ['Fiche parent', 'Prénom', 'Nom', 'Niveau', 'Code de classe', 'Classe'],
    en: ['Parent record', 'First name', 'Last name', 'Level', 'Class code', 'Class'],
  },
  committees: {
    fr: ['Fiche parent', 'Comité', 'Rôle'],
    en: ['Parent record', 'Committee', 'Role'],
  },
  consent: {
    fr: ['Fiche parent', 'Date', 'Par', 'Canal', 'Participation avant', 'Publics avant', 'Participation après', 'Publics après', 'Version de la politique', 'Langue'],
    en: ['Parent record', 'Date', 'By', 'Channel', 'Participation before', 'Audiences before', 'Participation after', 'Audiences after', 'Notice version', 'Language'],
  },
  campaigns: {
    fr: ['Fiche parent', 'Année scolaire', 'Statut', 'Soumis le', 'Retrait', 'Historique', 'En attente de révision'],
    en: ['Parent record', 'School year', 'Status', 'Submitted', 'Opted out', 'History', 'Awaiting review'],
  },
  activity: {
    fr: ['Fiche parent', 'Date', 'Rôle', 'Acte', 'Format', 'Champs'],
    en: ['Parent record', 'Date', 'Role', 'Act', 'Format', 'Fields'],
  },
};

const FILE_NAMES: Record<Language, Record<MyDataSection, string>> = {
  fr: { record: 'fiche', children: 'enfants', committees: 'comites', consent: 'consentements', campaigns: 'campagnes', activity: 'activite' },
  en: { record: 'record', children: 'children', committees: 'committees', consent: 'consent', campaigns: 'campaigns', activity: 'activity' },
};

const audiencesText = (audiences: FieldAudiences) =>
  `email=${audiences.email} phone=${audiences.phone} address=${audiences.address} profile=${audiences.profile}`;
const stateCells = (state: PrivacyState | undefined): Row => (state ? [state.participation, audiencesText(state.audiences)] : ['', '']);
const yesNo = (value: boolean, lang: Language) => (value ? (lang === 'fr' ? 'oui' : 'yes') : lang === 'fr' ? 'non' : 'no');

/** A held value as one cell: an address on one line, interests by code. */
function reviewValueText(value: ReviewValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(' ');
  return `${value.street}, ${value.city} ${value.postalCode}`;
}

function recordRows({ record: r }: MyDataParent): Row[] {
  const a = r.audiences;
  return [[
    r.id, r.firstName, r.lastName, r.email ?? '', r.phone ?? '', r.address?.street ?? '', r.address?.city ?? '',
    r.address?.postalCode ?? '', r.interests.join(' '), r.skills, r.participation, a.email, a.phone, a.address,
    a.profile, r.preferredLanguage, r.createdAt, r.updatedAt,
  ]];
}

/** The rows of one section for one parent record. */
function sectionRows(section: MyDataSection, parent: MyDataParent, lang: Language): Row[] {
  const id = parent.record.id;
  switch (section) {
    case 'record':
      return recordRows(parent);
    case 'children':
      return parent.children.map((c) => [id, c.firstName, c.lastName, c.level, c.class?.code ?? '', c.class?.name ?? '']);
    case 'committees':
      return parent.committees.map((c) => [id, c.name[lang], c.role]);
    case 'consent':
      return parent.consentLog.map((e) => [id, e.at, e.by, e.channel, ...stateCells(e.before), ...stateCells(e.after), e.noticeVersion, e.language]);
    case 'campaigns':
      return parent.campaigns.map((c) => [
        id, c.schoolYear, c.status, c.submittedAt ?? '', yesNo(c.optedOut, lang),
        c.history.map((h) => `${h.at} ${h.event}${h.via ? ` (${h.via})` : ''}${h.fields?.length ? ` [${h.fields.join(' ')}]` : ''}`).join(' | '),
        (c.awaitingReview?.fields ?? []).map((f) => `${f.field}=${reviewValueText(f.submitted)}`).join(' | '),
      ]);
    case 'activity':
      return parent.activity.map((e) => [id, e.at, e.role, e.kind, e.format ?? '', (e.fields ?? []).join(' ')]);
  }
}

/** The data as one CSV file per section, headers in `lang`. */
export function myDataCsvFiles(data: MyDataResponse, lang: Language): MyDataCsvResponse {
  const separator = lang === 'fr' ? ';' : ',';
  const prefix = lang === 'fr' ? 'mes-donnees' : 'my-data';
  const sections = Object.keys(HEADERS) as MyDataSection[];
  return {
    files: sections.map((section) => ({
      name: `${prefix}-${FILE_NAMES[lang][section]}.csv`,
      section,
      text: writeCsv([HEADERS[section][lang], ...data.parents.flatMap((p) => sectionRows(section, p, lang))], { separator }),
    })),
  };
}
