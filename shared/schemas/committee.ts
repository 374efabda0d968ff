import * as z from 'zod';
import { EntityMetaSchema, IdSchema, IsoDateTimeSchema, LocalizedTextSchema, PersonNameSchema } from './common';
import { CommitteeRoleSchema } from './committee-roles';

/** Kinds of committee of a Québec school: conseil d'établissement, OPP, foundation, volunteer committees. */
export const COMMITTEE_KINDS = ['ce', 'opp', 'foundation', 'volunteer'] as const;
export const CommitteeKindSchema = z.enum(COMMITTEE_KINDS);
export type CommitteeKind = z.infer<typeof CommitteeKindSchema>;

export const PERSON_TYPES = ['PARENT', 'STAFF'] as const;
export const PersonTypeSchema = z.enum(PERSON_TYPES);

/**
 * A member who is neither a parent nor staff (a CE community representative): no account, no registry entry,
 * stored on the committee itself. The Committees screen lists them under "other".
 */
export const OtherMemberSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  role: CommitteeRoleSchema,
  affiliation: z.string().trim().max(200).optional(),
});
export type OtherMember = z.infer<typeof OtherMemberSchema>;

export const CommitteeFieldsSchema = z.object({
  name: LocalizedTextSchema,
  kind: CommitteeKindSchema,
  description: LocalizedTextSchema.optional(),
  otherMembers: z.array(OtherMemberSchema).max(50),
  /**
   * Whether parents may join it themselves from the update form and My Profile (docs/product-rules.md, Committee
   * sign-ups). Absent means closed: committees stored before the flag existed stay closed until an administrator
   * opens them.
   */
  openToSignUps: z.boolean().optional(),
});

export const CommitteeSchema = EntityMetaSchema.extend(CommitteeFieldsSchema.shape);
export type Committee = z.infer<typeof CommitteeSchema>;

/** A parent or staff member on a committee (`MEMBER#<committeeId>#<TYPE>#<personId>`). */
export const MembershipSchema = z.object({
  committeeId: IdSchema,
  personType: PersonTypeSchema,
  personId: IdSchema,
  role: CommitteeRoleSchema,
  /** When the parent took the seat themselves through the form (a sign-up); absent for seats an administrator gave. */
  signedUpAt: IsoDateTimeSchema.optional(),
});
export type Membership = z.infer<typeof MembershipSchema>;
