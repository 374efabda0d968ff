import { describe, expect, it } from 'vitest';
import type { ParticipantView } from '@shared/contracts/annual-update-api';
import { hasStaffRows, matchesKind } from '../../frontend/src/features/annual-update/model/staff-filter';
import { summarize } from '../../frontend/src/features/annual-update/model/participants';
import { validateStaff } from '../../frontend/src/features/update/hooks/use-staff-form';

/** The manager's "Parents / Staff" filter and the staff form's validation (docs/annual-update.md, "Staff"). */
const row = (id: string, fields: Partial<ParticipantView> = {}): ParticipantView => ({
  parentId: id,
  classes: [],
  unreachable: false,
  emailSent: true,
  emailsSent: 1,
  submitted: false,
  optedOut: false,
  sendFailures: 0,
  history: [],
  ...fields,
});

describe('participants kind filter', () => {
  const rows = [row('P1', { submitted: true }), row('P2'), row('S1', { kind: 'staff', submitted: true }), row('S2', { kind: 'staff' })];

  it('keeps the staff rows, the parents rows, or all', () => {
    expect(rows.filter((r) => matchesKind(r, 'staff')).map((r) => r.parentId)).toEqual(['S1', 'S2']);
    expect(rows.filter((r) => matchesKind(r, 'parents')).map((r) => r.parentId)).toEqual(['P1', 'P2']);
    expect(rows.filter((r) => matchesKind(r, 'all'))).toHaveLength(4);
  });

  it('is offered only when the campaign has staff rows, and the summary counts only the rows kept', () => {
    expect(hasStaffRows(rows)).toBe(true);
    expect(hasStaffRows(rows.slice(0, 2))).toBe(false);
    expect(summarize(rows.filter((r) => matchesKind(r, 'staff')))).toEqual({ shown: 2, staff: 2, submitted: 1, optedOut: 0, pending: 1, percentage: 50 });
  });
});

describe('staff form validation (the server schema)', () => {
  const values = { titleFr: 'Enseignante', titleEn: 'Teacher', department: 'teaching' as const, extension: '', showEmail: true, preferredLanguage: 'fr' as const };

  it('accepts a blank extension and 1 to 6 digits', () => {
    expect(validateStaff(3, values).input).toMatchObject({ version: 3, title: { fr: 'Enseignante', en: 'Teacher' } });
    expect(validateStaff(3, { ...values, extension: ' 123456 ' }).errors).toEqual({});
  });

  it('names the field of a bad extension or a blank title', () => {
    expect(validateStaff(3, { ...values, extension: '12 34' }).errors).toEqual({ extension: 'invalid_extension' });
    expect(validateStaff(3, { ...values, extension: '1234567' }).errors).toEqual({ extension: 'invalid_extension' });
    expect(validateStaff(3, { ...values, titleFr: '  ' }).errors.titleFr).toBeDefined();
    expect(validateStaff(3, { ...values, titleFr: '  ' }).input).toBeUndefined();
  });
});
