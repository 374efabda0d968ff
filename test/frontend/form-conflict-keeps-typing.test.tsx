// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { keepTypedChanges } from '../../frontend/src/lib/keep-typed-changes';
import { rebasedValues, valuesFromForm } from '../../frontend/src/lib/parent-form/form-values';
import type { ParentForm } from '@shared/rules/parent-form';
import { PRESET_AUDIENCES } from '@shared/rules/visibility';
import { useStaffForm } from '../../frontend/src/features/update/hooks/use-staff-form';
import { loopbackApiPerFile, refusal } from './loopback-api';

/**
 * A save refused because the record changed meanwhile (CONFLICT) keeps what the person typed, on top of the record
 * as it is now (lib/keep-typed-changes.ts): a trial's parent lost the phone they had typed when another window had
 * saved first. My Profile's form: test/frontend/profile-review-and-back.test.tsx; the staff link's form here.
 */
describe('keepTypedChanges', () => {
  it('keeps the fields changed since the form was shown and takes the others, the version included, from now', () => {
    const shown = { version: 2, phone: '514 555-1234', skills: '', interests: ['sports'] };
    const typed = { ...shown, phone: '438 555-0177', interests: ['sports', 'arts'] };
    const now = { version: 3, phone: '514 555-1234', skills: 'Menuiserie', interests: ['sports'] };
    expect(keepTypedChanges(typed, shown, now)).toEqual({ version: 3, phone: '438 555-0177', skills: 'Menuiserie', interests: ['sports', 'arts'] });
    // Nothing typed: the record as it is now.
    expect(keepTypedChanges(shown, shown, now)).toEqual(now);
  });
});

describe('rebasedValues (the parent form)', () => {
  const committee = (committeeId: string) => ({ committeeId, name: { fr: committeeId, en: committeeId }, kind: 'volunteer' as const, role: 'member' as const });
  const form = (version: number, open: string[], held: string[]): ParentForm => ({
    parent: {
      id: '01JABCDEFGHJKMNPQRSTVWXYZ0', version, firstName: 'Amélie', lastName: 'Tremblay', email: 'amelie@example.com', phone: '5145551234',
      interests: [], skills: '', participation: 'full', audiences: { ...PRESET_AUDIENCES.full }, preferredLanguage: 'fr',
    },
    children: [], committees: held.map(committee), openCommittees: open.map(committee), coParents: [], school: { name: 'École' },
  });

  it('keeps the typed phone and the joins still open, drops a committee closed meanwhile and a seat no longer held', () => {
    const shown = form(2, ['k-garden', 'k-library'], ['k-green']);
    const typed = { ...valuesFromForm(shown), phone: '438 555-0177', join: ['k-garden', 'k-library'], leave: ['k-green'] };
    // Meanwhile the garden committee closed to sign-ups and the office removed the seat on the green committee.
    const rebased = rebasedValues(typed, shown, form(3, ['k-library'], []));
    expect(rebased).toMatchObject({ version: 3, phone: '438 555-0177', join: ['k-library'], leave: [] });
  });
});

const { answers, config } = loopbackApiPerFile();
const staff = { id: '01J0000000000000000000000S', firstName: 'Annie', lastName: 'Roy', department: 'teaching', showEmail: true, preferredLanguage: 'fr' };
const formAt = (version: number, titleFr: string, extension?: string) => ({
  kind: 'staff',
  staff: { ...staff, version, title: { fr: titleFr, en: 'Teacher' }, ...(extension ? { extension } : {}) },
  classes: [],
  school: { name: 'École' },
  campaign: { schoolYear: '2030-2031' },
});

describe("the staff link's form", () => {
  it('keeps the extension typed and takes the title the office changed, at the new version', async () => {
    answers['/api/update/staff/load'] = formAt(4, 'Enseignante');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RuntimeConfigProvider config={config()}>
        <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
      </RuntimeConfigProvider>
    );
    const { result } = renderHook(() => useStaffForm(config().apiBaseUrl, 't0ken', () => undefined), { wrapper });
    await waitFor(() => expect(result.current.load.kind).toBe('ready'));
    act(() => result.current.change('extension', '214'));

    // The office renamed the title meanwhile: the submit is refused, the form read again.
    answers['/api/update/staff/submit'] = refusal(409, 'CONFLICT');
    answers['/api/update/staff/load'] = formAt(5, 'Enseignante de musique');
    await act(() => result.current.submit());

    expect(result.current.problem).toBe('conflict');
    expect(result.current.values).toMatchObject({ extension: '214', titleFr: 'Enseignante de musique' });
    expect(result.current.load.kind === 'ready' && result.current.load.form.staff.version).toBe(5);
  });
});
