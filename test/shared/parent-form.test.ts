import { describe, expect, it } from 'vitest';
import { ParentUpdateInputSchema, UpdateLoadRequestSchema } from '@shared/rules/parent-form';
import { SendRequestSchema, StartCampaignRequestSchema } from '@shared/contracts/annual-update-api';

/** The form's validation (docs/product-rules.md: required fields; Québec conventions for phone and postal code formats), shared by UI and API. */
const valid = {
  version: 3,
  firstName: 'Marie-Ève',
  lastName: "O'Connor-Côté",
  phone: '514 555-1234',
  address: { street: '4500, rue des Érables', city: 'Montréal', postalCode: 'h2h 1y4' },
  interests: ['music'],
  skills: 'Couture',
  participation: 'full',
  preferredLanguage: 'fr',
};

const issuesOf = (input: unknown) => {
  const result = ParentUpdateInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('ParentUpdateInputSchema', () => {
  it('normalises what people type: 10 phone digits, postal code H2H 1Y4, trimmed names', () => {
    const parsed = ParentUpdateInputSchema.parse({ ...valid, firstName: '  Marie-Ève ', phone: '1 (514) 555-1234' });
    expect(parsed).toMatchObject({
      firstName: 'Marie-Ève',
      phone: '5145551234',
      address: { postalCode: 'H2H 1Y4' },
    });
  });

  it('requires names, participation, language and version', () => {
    for (const field of ['firstName', 'lastName', 'participation', 'preferredLanguage', 'version']) {
      const { [field]: _dropped, ...rest } = valid as Record<string, unknown>;
      expect(issuesOf(rest)).toEqual([field]);
    }
    expect(issuesOf({ ...valid, firstName: '   ' })).toEqual(['firstName']);
  });

  it('treats blank phone and blank address as none, but refuses a half-filled address', () => {
    const parsed = ParentUpdateInputSchema.parse({ ...valid, phone: '  ', address: { street: '', city: ' ', postalCode: '' } });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.address).toBeUndefined();
    expect(ParentUpdateInputSchema.parse({ ...valid, phone: null, address: null }).address).toBeUndefined();
    expect(issuesOf({ ...valid, address: { street: '1, rue A', city: '', postalCode: '' } })).toEqual([
      'address.city',
      'address.postalCode',
    ]);
  });

  it('refuses phones that are not 10 North American digits and postal codes off the pattern', () => {
    for (const phone of ['555-1234', '514 555-12345', '014 555-1234', '514 555-1234 poste 3']) {
      expect(issuesOf({ ...valid, phone }), phone).toEqual(['phone']);
    }
    for (const postalCode of ['H2H1Y', 'D2H 1Y4', '12345', 'H2H 1Y4 X']) {
      expect(issuesOf({ ...valid, address: { ...valid.address, postalCode } }), postalCode).toEqual(['address.postalCode']);
    }
  });

  it('refuses unknown keys, the email above all: it is not editable through the form', () => {
    expect(issuesOf({ ...valid, email: 'other@test.example' })).toEqual(['']);
    expect(issuesOf({ ...valid, interests: ['music', 'music'] })).toEqual(['interests']);
  });

  it('accepts the form as loaded, with defaults for interests and skills', () => {
    const { interests: _i, skills: _s, ...minimal } = valid;
    expect(ParentUpdateInputSchema.parse(minimal)).toMatchObject({ interests: [], skills: '' });
  });
});

describe('admin requests', () => {
  it('starts only with the exact word confirm', () => {
    expect(StartCampaignRequestSchema.safeParse({ schoolYear: '2025-2026', confirmation: 'confirm' }).success).toBe(true);
    for (const confirmation of ['Confirm', 'CONFIRM', 'confirm ', 'oui']) {
      expect(StartCampaignRequestSchema.safeParse({ schoolYear: '2025-2026', confirmation }).success, confirmation).toBe(false);
    }
  });

  it('sends in three modes, with distinct parent ids for a selection', () => {
    const id = '01K3GHJYG074BHHCJEWK8KPGY4';
    expect(SendRequestSchema.parse({ mode: 'selected', parentIds: [id] })).toEqual({ mode: 'selected', parentIds: [id] });
    expect(SendRequestSchema.safeParse({ mode: 'selected', parentIds: [id, id] }).success).toBe(false);
    expect(SendRequestSchema.safeParse({ mode: 'notSent' }).success).toBe(true);
    expect(SendRequestSchema.safeParse({ mode: 'remind', parentIds: [id] }).success).toBe(false);
  });

  it('takes the update token from a body field, as a string', () => {
    expect(UpdateLoadRequestSchema.safeParse({ token: 'abc' }).success).toBe(true);
    expect(UpdateLoadRequestSchema.safeParse({ token: 12 }).success).toBe(false);
  });
});
