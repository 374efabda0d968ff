import { describe, expect, it } from 'vitest';
import {
  formatOnBlur,
  toUpdateInput,
  validate,
  valuesFromForm,
  type FormValues,
} from '../../frontend/src/lib/parent-form/form-values';
import type { ParentForm } from '@shared/rules/parent-form';
import { PRESET_AUDIENCES } from '@shared/rules/visibility';

/** The update form's rules in the browser: the server's zod schema, mapped to one message per field. */
const loaded: ParentForm = {
  parent: {
    id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    version: 3,
    firstName: 'Amélie',
    lastName: "O'Brien-Tremblay",
    email: 'amelie@example.com',
    phone: '5145551234',
    address: { street: '123 rue Saint-Denis', city: 'Montréal', postalCode: 'H2X 1Y4' },
    interests: ['music'],
    skills: 'Guitare',
    participation: 'full',
    audiences: { ...PRESET_AUDIENCES.full },
    preferredLanguage: 'fr',
  },
  children: [],
  committees: [],
  openCommittees: [],
  coParents: [],
  school: { name: 'École' },
};

const base = (): FormValues => valuesFromForm(loaded);

describe('update form values', () => {
  it('shows the stored phone formatted and round-trips a valid form', () => {
    const values = base();
    expect(values.phone).toBe('514 555-1234');
    const result = validate(values);
    expect(result.ok).toBe(true);
    expect(result.ok && result.input).toMatchObject({ version: 3, phone: '514 555-1234', participation: 'full' });
  });

  it('formats phone and postal code on blur, and leaves unrecognisable input as typed', () => {
    expect(formatOnBlur('phone', '(438) 555-9876')).toBe('438 555-9876');
    expect(formatOnBlur('phone', '1-514-555-1234')).toBe('514 555-1234');
    expect(formatOnBlur('phone', '555-12')).toBe('555-12');
    expect(formatOnBlur('postalCode', 'h2x1y4')).toBe('H2X 1Y4');
    expect(formatOnBlur('postalCode', 'H2X')).toBe('H2X');
  });

  it('requires first and last name', () => {
    const result = validate({ ...base(), firstName: '  ', lastName: '' });
    expect(result).toEqual({ ok: false, errors: { firstName: 'required', lastName: 'required' } });
  });

  it('refuses a malformed phone and accepts a blank one as none', () => {
    expect(validate({ ...base(), phone: '514 555-12' })).toEqual({ ok: false, errors: { phone: 'invalidPhone' } });
    expect(validate({ ...base(), phone: '514 555 1234 poste 2' })).toEqual({ ok: false, errors: { phone: 'invalidPhone' } });
    const blank = validate({ ...base(), phone: '   ' });
    expect(blank.ok && 'phone' in blank.input).toBe(false);
  });

  it('requires the whole address once a part is filled, and checks the postal code', () => {
    const partial = validate({ ...base(), street: '', city: 'Laval', postalCode: '' });
    expect(partial).toEqual({ ok: false, errors: { street: 'required', postalCode: 'required' } });
    const badCode = validate({ ...base(), postalCode: 'H2X 1Y' });
    expect(badCode).toEqual({ ok: false, errors: { postalCode: 'invalidPostalCode' } });
    const none = validate({ ...base(), street: '', city: '', postalCode: '' });
    expect(none.ok && 'address' in none.input).toBe(false);
  });

  it('limits skills to 1,000 characters', () => {
    expect(validate({ ...base(), skills: 'x'.repeat(1001) })).toEqual({ ok: false, errors: { skills: 'tooLong' } });
  });

  it('name only sends neither contact details nor interests, so a half-typed phone never blocks an opt-out', () => {
    const values = { ...base(), participation: 'nameOnly' as const, phone: '514' };
    const input = toUpdateInput(values);
    expect(input).toEqual({
      version: 3,
      firstName: 'Amélie',
      lastName: "O'Brien-Tremblay",
      interests: [],
      skills: '',
      participation: 'nameOnly',
      preferredLanguage: 'fr',
      // No answer held for review when the form was read: a save over one held since is refused (CONFLICT).
      heldSince: null,
    });
    expect(validate(values).ok).toBe(true);
  });

  it('sends the held answer the form showed, so a second tab cannot replace another one (CONFLICT)', () => {
    const held = valuesFromForm({ ...loaded, pendingReview: { submittedAt: '2026-11-30T16:05:00.000Z', fields: ['skills'] } });
    expect(toUpdateInput(held).heldSince).toBe('2026-11-30T16:05:00.000Z');
  });

  it('never sends the email (it is not editable through the form)', () => {
    expect('email' in toUpdateInput(base())).toBe(false);
  });
});
