import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { ConsentEntry, PrivacyState } from '@shared/contracts/privacy-consent-api';
import { VISIBILITY_FIELDS } from '@shared/rules/visibility';
import { MESSAGE_CATEGORIES } from '@shared/contracts/messages-api';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/date-time';
import { QueryState } from '../query-state/query-state';

/**
 * What changed, in words: the participation, then each field whose audience moved (or every field at creation).
 * Also the consent file of "Download my data" (features/profile).
 */
export function changeLines(entry: ConsentEntry, t: (key: string, options?: Record<string, string>) => string): string[] {
  const level = (state: PrivacyState) => t(`updateForm.participation.${state.participation}.label`);
  const audience = (state: PrivacyState, field: (typeof VISIBILITY_FIELDS)[number]) =>
    t(`updateForm.visibility.audiences.${state.audiences[field]}`);
  const { before, after } = entry;
  const lines: string[] = [];
  if (!before || before.participation !== after.participation) {
    lines.push(t('consentLog.change', { what: t('updateForm.fields.participation'), from: before ? level(before) : '—', to: level(after) }));
  }
  for (const field of VISIBILITY_FIELDS) {
    if (before && before.audiences[field] === after.audiences[field]) continue;
    const what = t(`updateForm.visibility.fields.${field}`);
    lines.push(t('consentLog.change', { what, from: before ? audience(before, field) : '—', to: audience(after, field) }));
  }
  // The emails the parent accepts (docs/messages.md), on the entries that change them.
  for (const category of MESSAGE_CATEGORIES) {
    const [from, to] = [before?.messages?.[category], after.messages?.[category]];
    if (to === undefined || from === to) continue;
    const word = (accepted: boolean | undefined) => (accepted === undefined ? '—' : t(accepted ? 'consentLog.emailsAccepted' : 'consentLog.emailsDeclined'));
    lines.push(t('consentLog.change', { what: t(`messages.consents.${category}`), from: word(from), to: word(to) }));
  }
  // Families near me (docs/messages.md), on the entries that turn it on or off.
  if (after.carpool !== undefined && before?.carpool !== after.carpool) {
    const word = (on: boolean | undefined) => (on === undefined ? '—' : t(on ? 'consentLog.carpoolOn' : 'consentLog.carpoolOff'));
    lines.push(t('consentLog.change', { what: t('carpool.choice.label'), from: word(before?.carpool), to: word(after.carpool) }));
  }
  return lines;
}

function Entries({ entries }: { entries: ConsentEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <Box color="text-body-secondary">{t('consentLog.empty')}</Box>;
  const when = (at: string) => formatDateTime(at, currentLocale(i18n));
  return (
    <ul aria-label={t('consentLog.title')} style={{ listStyle: 'none', margin: 0, paddingInlineStart: 0 }}>
      {entries.map((entry) => (
        <li key={entry.id} style={{ marginBlockEnd: 12 }}>
          <Box variant="small" color="text-body-secondary" display="block">
            <time dateTime={entry.at}>{when(entry.at)}</time> · {t(`consentLog.by.${entry.by}`)}
          </Box>
          {changeLines(entry, t).map((line) => (
            <Box key={line} display="block">{line}</Box>
          ))}
          <Box variant="small" color="text-body-secondary" display="block">
            {t('consentLog.notice', { version: entry.noticeVersion, language: t(`consentLog.languages.${entry.language}`) })}
          </Box>
        </li>
      ))}
    </ul>
  );
}

/**
 * A parent's consent log (docs/privacy.md, "Consent log"): each change of participation or audiences, who made it,
 * where, and the notice in force. My Profile shows the parent's own; the administration, one parent's.
 */
export function ConsentLog({ log, description, headingLevel = 'h2' }: {
  /** The log's query (My Profile's own, or the administration's for one parent). */
  log: UseQueryResult<ConsentEntry[]>;
  description: string;
  /** h3 inside a form whose sections are h3. */
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant={headingLevel} description={description}>{t('consentLog.title')}</Header>}>
      <QueryState query={log} loadingText={t('consentLog.loading')} genericKey="consentLog.loadError">
        {(entries) => <Entries entries={entries} />}
      </QueryState>
    </Container>
  );
}
