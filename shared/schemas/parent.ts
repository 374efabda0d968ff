import * as z from 'zod';
import { AddressSchema, EmailSchema, EntityMetaSchema, LanguageSchema, PersonNameSchema, PhoneSchema } from './common';
import { InterestsSchema } from './interests';
import { AUDIENCES, PARTICIPATION_LEVELS, presetOf, type FieldAudiences, type Participation } from '../rules/visibility';

/** Directory participation: the levels and their meaning live with the visibility rule (shared/rules/visibility.ts). */
export { PARTICIPATION_LEVELS, type Participation };
export const ParticipationSchema = z.enum(PARTICIPATION_LEVELS);

/** Per-field audiences (shared/rules/visibility.ts); absent means the participation level's preset. */
const AudienceSchema = z.enum(AUDIENCES);
export const FieldAudiencesSchema: z.ZodType<FieldAudiences> = z.strictObject({
  email: AudienceSchema,
  phone: AudienceSchema,
  address: AudienceSchema,
  profile: AudienceSchema,
});

/**
 * A safety restriction (docs/privacy.md): the parent records this parent is hidden from (custody or safety).
 * Those households see this parent as name only. Only administrators read or change it.
 */
export const SafetyRestrictionSchema = z.strictObject({
  hiddenFrom: z.array(z.string().min(1).max(64)).min(1).max(20),
});
export type SafetyRestriction = z.infer<typeof SafetyRestrictionSchema>;

/** The free-text skills field's length limit (the form counts down to it). */
export const SKILLS_MAX_LENGTH = 1000;

export const ParentFieldsSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  /** A few parents have no email: they cannot sign in, and the office contacts them another way. */
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  address: AddressSchema.optional(),
  interests: InterestsSchema,
  /** Free text: skills and interests the fixed list does not cover. */
  skills: z.string().trim().max(SKILLS_MAX_LENGTH),
  participation: ParticipationSchema,
  audiences: FieldAudiencesSchema.optional(),
  preferredLanguage: LanguageSchema,
});
export type ParentFields = z.infer<typeof ParentFieldsSchema>;

/** The fields a name-only parent may not keep. Stored data never contradicts the parent's choice. */
function refineParticipation(parent: ParentFields, ctx: z.RefinementCtx): void {
  if (parent.participation !== 'nameOnly') return;
  if (parent.phone !== undefined) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'name_only' });
  if (parent.address !== undefined) ctx.addIssue({ code: 'custom', path: ['address'], message: 'name_only' });
  if (parent.interests.length > 0) ctx.addIssue({ code: 'custom', path: ['interests'], message: 'name_only' });
  if (parent.skills !== '') ctx.addIssue({ code: 'custom', path: ['skills'], message: 'name_only' });
}

export const ParentSchema = EntityMetaSchema.extend({
  ...ParentFieldsSchema.shape,
  safetyRestriction: SafetyRestrictionSchema.optional(),
}).superRefine(refineParticipation);
export type Parent = z.infer<typeof ParentSchema>;

/**
 * Applies a participation choice to a parent's fields: opting out (name only) drops phone, address, interests
 * and skills. Committee memberships are removed by the service that records the choice.
 */
export function withParticipation<T extends ParentFields>(
  parent: T,
  participation: Participation,
  audiences: FieldAudiences | undefined = parent.audiences,
): T {
  const next: ParentFields = { ...parent, participation };
  // Audiences equal to the preset are not stored: the preset speaks for them, and a later preset change applies.
  if (participation === 'nameOnly' || !audiences || presetOf(audiences) === participation) delete next.audiences;
  else next.audiences = { ...audiences };
  if (participation === 'nameOnly') {
    delete next.phone;
    delete next.address;
    next.interests = [];
    next.skills = '';
  }
  return next as T;
}
