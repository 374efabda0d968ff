import * as z from 'zod';
import {
  AddressSchema,
  IdSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  LanguageSchema,
  LocalizedTextSchema,
  PersonNameSchema,
  PhoneInputSchema,
  AddressInputSchema,
  SchoolYearSchema,
  VersionSchema,
} from '../schemas/common';
import { PendingReviewSchema } from './annual-update-review';
import { MessageConsentsSchema } from '../contracts/messages-api';
import { CommitteeKindSchema } from '../schemas/committee';
import { CommitteeRoleSchema } from '../schemas/committee-roles';
import { InterestCodeSchema, InterestsSchema } from '../schemas/interests';
import { FieldAudiencesSchema, ParticipationSchema, SKILLS_MAX_LENGTH } from '../schemas/parent';

/**
 * The parent information form (docs/product-rules.md: Annual update campaign, Directory participation): what the form
 * shows (`ParentForm`) and what it sends back (`ParentUpdateInput`). The same shapes serve the emailed link
 * (POST /api/update/load and /submit) and My Profile (GET /api/profile/form, PUT /api/profile), so the UI has
 * one form component and the server one validation (docs/annual-update.md).
 */

/** `''`, whitespace or null from a cleared input means "none". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** An address with every part blank (or null) is no address; a partly filled one must be completed. */
const blankAddressToUndefined = (value: unknown) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object') return value;
  const parts = Object.values(value as Record<string, unknown>);
  return parts.every((part) => blankToUndefined(part) === undefined) ? undefined : value;
};


/**
 * What the form submits. Required (*): first name, last name, participation, language, and the `version` the
 * form was loaded at (optimistic locking: a change made meanwhile gives CONFLICT). Optional: phone (10 digits
 * once normalised: `514 555-1234`, `(514) 555-1234` and `1-514-555-1234` are accepted), address, interests,
 * skills. Unknown keys are refused, in particular `email`: the email is not editable here (docs/annual-update.md).
 * With participation `nameOnly`, phone, address, interests, skills and committee seats are removed whatever
 * the other fields hold.
 */
export const ParentUpdateInputSchema = z.strictObject({
  version: VersionSchema,
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  phone: z.preprocess(blankToUndefined, PhoneInputSchema.optional()),
  address: z.preprocess(blankAddressToUndefined, AddressInputSchema.optional()),
  interests: InterestsSchema.default([]),
  skills: z.string().trim().max(SKILLS_MAX_LENGTH).default(''),
  participation: ParticipationSchema,
  /** Who sees each field (shared/rules/visibility.ts); absent means the participation's preset. Ignored when `nameOnly`. */
  audiences: FieldAudiencesSchema.optional(),
  preferredLanguage: LanguageSchema,
  /** The language of the screen the parent answered on, for the consent log (docs/privacy.md). */
  noticeLanguage: LanguageSchema.optional(),
  /**
   * Committee sign-ups (shared/rules/committee-sign-ups.ts): committees to join (open ones only; a `role`, if sent, must
   * be the plain member's) and committees to leave (plain seats only). Absent: seats unchanged. Ignored when
   * `nameOnly`, which removes every seat.
   */
  committees: z
    .strictObject({
      join: z.array(z.strictObject({ committeeId: IdSchema, role: CommitteeRoleSchema.optional() })).max(20).default([]),
      leave: z.array(IdSchema).max(20).default([]),
    })
    .optional(),
  /**
   * Co-parents (from `coParents` of the form) who also live at this address: the address is saved on them too, in
   * the same transaction, each at the `version` the form showed (shared/rules/household.ts). Needs an address.
   */
  shareAddressWith: z.array(z.strictObject({ parentId: IdSchema, version: VersionSchema })).max(4).default([]),
  /**
   * The emails the parent accepts (docs/messages.md, "Consents"): asked on the update link's form as on My Profile.
   * Absent: unchanged. Kept whatever the participation (an email reveals nothing to anyone), applied at once even
   * when the answer waits for review (the person's own choice: docs/privacy.md, "Messages"), with the consent log's
   * entry in the same transaction.
   */
  messages: MessageConsentsSchema.optional(),
  /**
   * The answer held for review the form showed (its `pendingReview.submittedAt`), null when it showed none. A save
   * replaces the held answer: made from a form read before another save was held (a second tab), it would drop that
   * save's changes, so a different held answer is CONFLICT. Absent (a page from before this field): not checked.
   */
  heldSince: IsoDateTimeSchema.nullable().optional(),
});
export type ParentUpdateInput = z.input<typeof ParentUpdateInputSchema>;
export type ParentUpdate = z.output<typeof ParentUpdateInputSchema>;

/** The parent's own fields, as stored (phone: 10 digits, format with shared/format/phone). */
export const ParentFormFieldsSchema = z.object({
  id: IdSchema,
  version: VersionSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** Shown read-only: changing it goes through the school office. Absent when none is on file. */
  email: z.string().optional(),
  phone: z.string().optional(),
  address: AddressSchema.optional(),
  interests: z.array(InterestCodeSchema),
  skills: z.string(),
  participation: ParticipationSchema,
  /** The audiences in force (the preset's when none were adjusted). */
  audiences: FieldAudiencesSchema,
  preferredLanguage: LanguageSchema,
});
export type ParentFormFields = z.infer<typeof ParentFormFieldsSchema>;

export const ParentFormChildSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Level code; labels are in `school.levels` of GET /api/directory or the settings. */
  level: z.string(),
  classCode: z.string().optional(),
  className: z.string().optional(),
});

/**
 * A committee seat. A plain member's seat (shared/rules/committee-sign-ups.ts) can be left from the form; officer seats
 * are shown read-only (the administrators give and take them). Opting out removes every seat.
 */
export const ParentFormCommitteeSchema = z.object({
  committeeId: IdSchema,
  name: LocalizedTextSchema,
  kind: CommitteeKindSchema,
  role: CommitteeRoleSchema,
});

/** A committee an administrator opened to sign-ups: the parent may join it (with `role`). */
export const ParentFormOpenCommitteeSchema = z.object({
  committeeId: IdSchema,
  name: LocalizedTextSchema,
  kind: CommitteeKindSchema,
  description: LocalizedTextSchema.optional(),
  role: CommitteeRoleSchema,
});

/**
 * A co-parent the address may also be saved on (shared/rules/household.ts): another parent of one of the children, with
 * no safety restriction between them and not opted out. Name and version only: never their address.
 */
export const ParentFormCoParentSchema = z.object({
  id: IdSchema,
  firstName: z.string(),
  lastName: z.string(),
  version: VersionSchema,
});

/** Everything the form shows. */
export const ParentFormSchema = z.object({
  parent: ParentFormFieldsSchema,
  children: z.array(ParentFormChildSchema),
  committees: z.array(ParentFormCommitteeSchema),
  /** Committees open to sign-ups (those the parent already sits on included: the form shows them as joined). */
  openCommittees: z.array(ParentFormOpenCommitteeSchema).default([]),
  /** Co-parents the address section offers to update too ("<name> also lives at this address"). */
  coParents: z.array(ParentFormCoParentSchema).default([]),
  school: z.object({
    name: z.string(),
    contactEmail: z.string().optional(),
    contactPhone: z.string().optional(),
  }),
  /** The campaign the form answers (always present on a link; on My Profile only while one is active). */
  campaign: z.object({ schoolYear: SchoolYearSchema, deadline: IsoDateSchema.optional() }).optional(),
  /** When this parent last submitted the form in that campaign. */
  submittedAt: IsoDateTimeSchema.optional(),
  /** The answer held for review (shared/rules/annual-update-review.ts); `parent` then shows the values sent. */
  pendingReview: PendingReviewSchema.optional(),
  /**
   * The emails the parent accepts now (the defaults while never chosen), on the update link's form only: My Profile
   * asks them in a section of its own, for staff too.
   */
  messages: MessageConsentsSchema.optional(),
});
export type ParentForm = z.infer<typeof ParentFormSchema>;

/** The update-link token as the page reads it from `/update/{token}` (43 base64url characters). */
const TokenSchema = z.string().min(1).max(512);

/** POST /api/update/load. The token travels in the body only, never in an API path or query string. */
export const UpdateLoadRequestSchema = z.strictObject({ token: TokenSchema });
export type UpdateLoadRequest = z.infer<typeof UpdateLoadRequestSchema>;
export const UpdateLoadResponseSchema = ParentFormSchema;
export type UpdateLoadResponse = ParentForm;

/** POST /api/update/submit. */
export const UpdateSubmitRequestSchema = z.strictObject({ token: TokenSchema, data: ParentUpdateInputSchema });
export type UpdateSubmitRequest = z.input<typeof UpdateSubmitRequestSchema>;

export const UpdateSubmitResponseSchema = z.object({
  form: ParentFormSchema,
  submittedAt: IsoDateTimeSchema,
  /**
   * Whether an account already exists for the parent's email, so the success page offers sign-in (true) or
   * account creation (false); null when it could not be checked (offer both). Never put the email in a URL.
   */
  hasAccount: z.boolean().nullable(),
  /** Present (true) when the answer changed nothing the school holds: the person confirmed their information. */
  unchanged: z.literal(true).optional(),
});
export type UpdateSubmitResponse = z.infer<typeof UpdateSubmitResponseSchema>;

/** A parent record registered under the signed-in email (a shared family email can hold two). */
export const ProfileParentChoiceSchema = z.object({ parentId: IdSchema, displayName: z.string() });

/** GET /api/profile/form[?parentId=]. */
export const ProfileFormResponseSchema = z.object({
  form: ParentFormSchema,
  parents: z.array(ProfileParentChoiceSchema),
});
export type ProfileFormResponse = z.infer<typeof ProfileFormResponseSchema>;

/** PUT /api/profile. `parentId` is needed only when `parents` of GET /api/profile/form has several entries. */
export const ProfileUpdateRequestSchema = z.strictObject({
  parentId: IdSchema.optional(),
  data: ParentUpdateInputSchema,
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;
export const ProfileUpdateResponseSchema = z.object({ form: ParentFormSchema });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;
