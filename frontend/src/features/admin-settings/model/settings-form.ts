import { formatIssueMessage, IMPORT_ISSUE_CODES, type ImportIssueCode } from '../../../../../shared/import-issues';
import { SettingsInvalidBodySchema, type SettingsIssue, type SettingsUpdate } from '../../../../../shared/school-settings-api';
import type { Language } from '../../../../../shared/schemas/common';
import { ApiError } from '../../../lib/api/api-client';

/** The settings form's state: the body the server checks (shared/school-settings-api.ts), cells as text. */
export type SettingsForm = SettingsUpdate;

export const emptyLevel = () => ({ levelCode: '', levelFr: '', levelEn: '', shortFr: '', shortEn: '' });

/** The server's issues of a refused save (400 VALIDATION_FAILED), or none for any other error. */
export function issuesOf(error: unknown): SettingsIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const parsed = SettingsInvalidBodySchema.safeParse(error.body);
  return parsed.success ? parsed.data.issues : [];
}

/**
 * One issue as the import says it (the same sentences: shared/import-issues.ts), `field` being the form's label
 * for the cell; undefined for a code this build does not know.
 */
export function issueText(issue: SettingsIssue, fieldLabel: string, lang: Language): string | undefined {
  if (!(IMPORT_ISSUE_CODES as string[]).includes(issue.code)) return undefined;
  return formatIssueMessage(issue.code as ImportIssueCode, { ...issue.params, field: fieldLabel }, lang);
}

export const sameForm = (a: SettingsForm, b: SettingsForm) => JSON.stringify(a) === JSON.stringify(b);
