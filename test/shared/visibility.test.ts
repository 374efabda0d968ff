import { describe, expect, it } from 'vitest';
import {
  AUDIENCES,
  audiencesOf,
  initialPrivacy,
  presetOf,
  PRESET_AUDIENCES,
  PRIVATE_BY_DEFAULT,
  reaches,
  relationTo,
  visibleParent,
  visibleStaffContact,
  type ParentDetails,
  type ViewerRelation,
} from '@shared/rules/visibility';

/** The one visibility rule (shared/rules/visibility.ts, docs/privacy.md "Who sees what"), at the unit level. */

const parent = (fields: Partial<ParentDetails> = {}): ParentDetails => ({
  id: 'P1',
  firstName: 'Amélie',
  lastName: 'Côté',
  email: 'amelie@courriel.example',
  phone: '5145550001',
  address: { street: '1, rue des Érables', city: 'Québec', postalCode: 'G1R 1A1' },
  interests: ['music'],
  skills: 'Couture',
  participation: 'full',
  ...fields,
});

const RELATIONS: ViewerRelation[] = ['self', 'staff', 'sameClass', 'otherClass', 'restricted'];

describe('audiences', () => {
  it('reach: whole school everyone but a restricted household; classes: staff and same class; admins: nobody but the parent', () => {
    const table = Object.fromEntries(AUDIENCES.map((a) => [a, RELATIONS.filter((r) => reaches(a, r))]));
    expect(table).toEqual({
      school: ['self', 'staff', 'sameClass', 'otherClass'],
      classes: ['self', 'staff', 'sameClass'],
      admins: ['self'],
    });
  });

  it('the presets show what each participation level showed before audiences existed', () => {
    const other = (participation: ParentDetails['participation']) =>
      Object.keys(visibleParent(parent({ participation }), 'otherClass', [])).sort();
    expect(other('full')).toEqual(['address', 'childIndexes', 'email', 'firstName', 'id', 'interests', 'lastName', 'phone', 'skills']);
    expect(other('limited')).toEqual(['childIndexes', 'email', 'firstName', 'id', 'lastName', 'phone']);
    expect(other('nameOnly')).toEqual(['childIndexes', 'email', 'firstName', 'id', 'lastName']);
  });

  it('field by field: the phone for my children\'s classes, the address for administrators only', () => {
    const audiences = { ...PRESET_AUDIENCES.full, phone: 'classes' as const, address: 'admins' as const };
    const p = parent({ audiences });
    expect(visibleParent(p, 'sameClass', [0]).phone).toBe('5145550001');
    expect(visibleParent(p, 'staff', [0]).phone).toBe('5145550001');
    expect(visibleParent(p, 'otherClass', [0]).phone).toBeUndefined();
    for (const relation of ['staff', 'sameClass', 'otherClass'] as const) {
      expect(visibleParent(p, relation, [0]).address).toBeUndefined();
    }
    expect(visibleParent(p, 'self', [0]).address).toEqual(p.address);
    expect(presetOf(audiences)).toBe('custom');
  });

  it('opting out always means the name-only preset, whatever audiences are on file', () => {
    const p = parent({ participation: 'nameOnly', audiences: { ...PRESET_AUDIENCES.full } });
    expect(audiencesOf(p)).toEqual(PRESET_AUDIENCES.nameOnly);
    expect(visibleParent(p, 'sameClass', []).phone).toBeUndefined();
  });

  it('a restricted household sees the name only: no email either, like a name-only parent without one', () => {
    expect(visibleParent(parent(), 'restricted', [2])).toEqual({ id: 'P1', firstName: 'Amélie', lastName: 'Côté', childIndexes: [2] });
  });

  it('an unknown participation value gets the strictest treatment', () => {
    const odd = parent({ participation: 'everything' as never });
    expect(Object.keys(visibleParent(odd, 'otherClass', [])).sort()).toEqual(['childIndexes', 'email', 'firstName', 'id', 'lastName']);
  });
});

describe('relations and defaults', () => {
  const viewer = (parentIds: string[], staff = false) => ({ parentIds: new Set(parentIds), staff });

  it('self before restriction before staff before classes', () => {
    expect(relationTo('P1', viewer(['P1']), false, ['P1'])).toBe('self');
    expect(relationTo('P1', viewer(['P9'], true), true, ['P9'])).toBe('restricted');
    expect(relationTo('P1', viewer(['P9'], true), false)).toBe('staff');
    expect(relationTo('P1', viewer(['P9']), true)).toBe('sameClass');
    expect(relationTo('P1', viewer(['P9']), false, ['P8'])).toBe('otherClass');
  });

  it('a parent created without a choice on file starts private; a choice on file is kept', () => {
    expect(initialPrivacy()).toEqual({ participation: 'limited', audiences: PRIVATE_BY_DEFAULT });
    expect(presetOf(audiencesOf(initialPrivacy()))).toBe('nameOnly');
    expect(initialPrivacy('full')).toEqual({ participation: 'full' });
    expect(initialPrivacy('nameOnly', { ...PRESET_AUDIENCES.full })).toEqual({ participation: 'nameOnly' });
  });
});

describe('staff contact (docs/annual-update.md, "Staff")', () => {
  const staff = { email: 'luc.gagnon@ecole.example', phone: '5145550002', extension: '1234' };

  it('lists the email, phone and extension when the staff member has not chosen (absent = shown) or chose to show', () => {
    expect(visibleStaffContact(staff)).toEqual(staff);
    expect(visibleStaffContact({ ...staff, showEmail: true })).toEqual(staff);
  });

  it('leaves the email out entirely, never blank, when the staff member hides it', () => {
    const shown = visibleStaffContact({ ...staff, showEmail: false });
    expect(shown).toEqual({ phone: '5145550002', extension: '1234' });
    expect('email' in shown).toBe(false);
  });

  it('keeps the extension without a phone of their own (on the school\'s line), with the email', () => {
    expect(visibleStaffContact({ email: staff.email, extension: '1234' })).toEqual({ email: staff.email, extension: '1234' });
    expect(visibleStaffContact({ extension: '1234' })).toEqual({ extension: '1234' });
    expect(visibleStaffContact({ phone: staff.phone, extension: '1234' })).toEqual({ phone: staff.phone, extension: '1234' });
  });

  it('builds from an allow-list: fields it does not know never pass through', () => {
    const stored = { ...staff, showEmail: true, preferredLanguage: 'en', secret: 'x' } as Parameters<typeof visibleStaffContact>[0];
    expect(Object.keys(visibleStaffContact(stored)).sort()).toEqual(['email', 'extension', 'phone']);
    expect(visibleStaffContact({})).toEqual({});
  });
});
