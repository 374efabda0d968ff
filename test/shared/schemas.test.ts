import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { generateSchool } from '../../local/demo/generate-school';
import {
  AddressInputSchema,
  AuditEntrySchema,
  CampaignSchema,
  CommitteeSchema,
  EmailSchema,
  FamilyLinkSchema,
  MembershipSchema,
  ParentSchema,
  ParticipantSchema,
  PersonNameSchema,
  PhoneInputSchema,
  PostalCodeInputSchema,
  ProgressionSchema,
  SchoolClassSchema,
  SchoolSettingsSchema,
  StagedNewStudentSchema,
  StagedStudentChangeSchema,
  StaffSchema,
  StudentSchema,
  UpdateTokenSchema,
  withParticipation,
  type Parent,
} from '@shared/schemas';

const school = generateSchool();
const at = '2025-09-02T14:30:00.000Z';

describe('entity schemas round-trip stored data unchanged', () => {
  it.each([
    ['settings', SchoolSettingsSchema, [school.settings]],
    ['classes', SchoolClassSchema, school.classes],
    ['students', StudentSchema, school.students],
    ['parents', ParentSchema, school.parents],
    ['staff', StaffSchema, school.staff],
    ['committees', CommitteeSchema, school.committees],
    ['family links', FamilyLinkSchema, school.families],
    ['memberships', MembershipSchema, school.memberships],
  ] as const)('%s', (_name, schema, values) => {
    for (const value of values) {
      const json = JSON.parse(JSON.stringify(value)) as unknown;
      expect((schema as { parse: (v: unknown) => unknown }).parse(json)).toEqual(value);
    }
  });

  it('workflow entities', () => {
    const ids = { campaign: ulid(), parent: ulid(), progression: ulid(), student: ulid(), klass: ulid() };
    const hash = 'a'.repeat(64);
    const samples: [{ parse: (v: unknown) => unknown }, unknown][] = [
      [
        CampaignSchema,
        {
          id: ids.campaign, schoolYear: '2025-2026', status: 'active', totalParents: 400, emailsSent: 380,
          formsSubmitted: 120, optedOut: 4, deadline: '2025-10-15', createdBy: 'sub-1', createdAt: at, startedAt: at, version: 3,
        },
      ],
      [ParticipantSchema, { campaignId: ids.campaign, parentId: ids.parent, emailsSent: 1, emailSentAt: at, optedOut: false, tokenHash: hash }],
      [UpdateTokenSchema, { tokenHash: hash, campaignId: ids.campaign, parentId: ids.parent, createdAt: at, expiresAt: 1760000000 }],
      [
        ProgressionSchema,
        {
          id: ids.progression, fromYear: '2025-2026', toYear: '2026-2027', phase: 'review', totalStudents: 259, autoProgression: 130,
          needsAssignment: 86, graduating: 43, newStudents: 2, departing: 1, createdBy: 'sub-1', createdAt: at, version: 2,
        },
      ],
      [
        StagedStudentChangeSchema,
        {
          progressionId: ids.progression, studentId: ids.student, currentClassId: ids.klass, currentLevel: 'G5', newLevel: 'G6',
          outcome: 'needsAssignment', assignedClassId: ids.klass, departing: { reason: 'Déménagement' },
        },
      ],
      [
        StagedNewStudentSchema,
        {
          progressionId: ids.progression, newStudentId: ulid(),
          student: { firstName: 'Zoé', lastName: "D'Amours", level: 'G1', classId: ids.klass },
          parent1: { mode: 'existing', parentId: ids.parent },
          parent2: { mode: 'new', parentId: ulid(), parent: { ...withoutMeta(school.parents[0]!) } },
        },
      ],
      [
        AuditEntrySchema,
        { id: ulid(), at, actor: { kind: 'token', id: ids.parent }, action: 'parent.update', target: { type: 'PARENT', id: ids.parent }, fields: ['phone'] },
      ],
    ];
    for (const [schema, value] of samples) expect(schema.parse(value)).toEqual(value);
  });
});

function withoutMeta(parent: Parent) {
  const { id: _id, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = parent;
  return fields;
}

describe('normalisation and refusals', () => {
  it('lowercases and trims emails, and refuses invalid ones', () => {
    expect(EmailSchema.parse('  Zoe.Cote@Ecole-Demo.EXAMPLE ')).toBe('zoe.cote@ecole-demo.example');
    expect(EmailSchema.safeParse('zoe.cote@').success).toBe(false);
  });

  it('normalises typed phones and postal codes', () => {
    expect(PhoneInputSchema.parse('1 (514) 555-1234')).toBe('5145551234');
    expect(PhoneInputSchema.safeParse('555-1234').success).toBe(false);
    expect(PostalCodeInputSchema.parse('h2x1y4')).toBe('H2X 1Y4');
    expect(PostalCodeInputSchema.safeParse('H2X').success).toBe(false);
  });

  it('accepts every real name form and refuses control characters', () => {
    for (const name of ["O'Neil", 'O’Neil', 'Gagné-Côté', 'De Grandpré', 'Thi Lan', 'Ben Ammar']) {
      expect(PersonNameSchema.parse(name)).toBe(name);
    }
    expect(PersonNameSchema.safeParse('Zoé\u0007').success).toBe(false);
    expect(PersonNameSchema.safeParse('   ').success).toBe(false);
    // An accent typed as a combining mark is stored as the one accented letter.
    expect(PersonNameSchema.parse(' E\u0301ve ')).toBe('\u00c9ve');
    // One space between words, whatever was typed or pasted (two showed in the PDF and the vCard).
    expect(PersonNameSchema.parse('  Hélène   Marie ')).toBe('Hélène Marie');
    expect(PersonNameSchema.parse('Marie \u00a0Ève')).toBe('Marie Ève');
    expect(AddressInputSchema.parse({ street: '12, rue de l\u2019E\u0301glise', city: 'Le\u0301vis', postalCode: 'g6v1a1' })).toEqual({
      street: '12, rue de l\u2019\u00c9glise',
      city: 'L\u00e9vis',
      postalCode: 'G6V 1A1',
    });
  });

  it('refuses a name-only parent who still has contact details, and withParticipation strips them', () => {
    const parent = school.parents.find((p) => p.participation === 'full' && p.phone && p.address && p.interests.length > 0)!;
    const optedOut = { ...parent, participation: 'nameOnly' as const };
    const issues = ParentSchema.safeParse(optedOut).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(expect.arrayContaining(['phone', 'address', 'interests']));
    const stripped = withParticipation(parent, 'nameOnly');
    expect(ParentSchema.parse(stripped)).toMatchObject({ email: parent.email, firstName: parent.firstName });
    expect(stripped).not.toHaveProperty('phone');
    expect(stripped.interests).toEqual([]);
  });

  it('refuses settings whose graduating level is not a level', () => {
    expect(SchoolSettingsSchema.safeParse({ ...school.settings, graduatingLevel: 'G7' }).success).toBe(false);
  });
});
