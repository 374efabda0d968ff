import * as z from 'zod';
import { isValidEmail, normalizeEmail } from '../rules/email';
import { AddressSchema, LanguageSchema, LocalizedTextSchema } from '../schemas/common';
import { CommitteeKindSchema } from '../schemas/committee';
import { CommitteeRoleSchema } from '../schemas/committee-roles';
import { InterestCodeSchema } from '../schemas/interests';
import { FieldAudiencesSchema, ParticipationSchema } from '../schemas/parent';

/**
 * Contracts of the `auth` context (POST /api/validateEmailV2, GET /api/me) and of the Cognito triggers, shared
 * by the Lambda handlers and the frontend. Messages are codes: the frontend turns them into French or English.
 */
export const USER_TYPES = ['parent', 'staff'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

/** `message` of a validateEmailV2 answer. */
export const EMAIL_CHECK_MESSAGES = ['EMAIL_AUTHORIZED', 'EMAIL_NOT_AUTHORIZED'] as const;
export type EmailCheckMessage = (typeof EMAIL_CHECK_MESSAGES)[number];


/** Email field as every auth surface reads it: trimmed, lowercased, then checked (docs/product-rules.md, Accounts). */
export const EmailInputSchema = z
  .string()
  .max(320)
  .transform(normalizeEmail)
  .superRefine((email, ctx) => {
    // Reported like zod's own format checks, so clients see `issue: invalid_format` on `email`.
    if (!isValidEmail(email)) ctx.addIssue({ code: 'invalid_format', format: 'email', input: email });
  });

export const ValidateEmailRequestSchema = z.strictObject({ email: EmailInputSchema });
export type ValidateEmailRequest = z.input<typeof ValidateEmailRequestSchema>;

export const ValidateEmailResponseSchema = z.object({
  authorized: z.boolean(),
  /** Null for anonymous callers unless the deployment opts in (docs/auth.md). */
  displayName: z.string().nullable(),
  userType: UserTypeSchema.nullable(),
  message: z.enum(EMAIL_CHECK_MESSAGES),
});
export type ValidateEmailResponse = z.infer<typeof ValidateEmailResponseSchema>;

/** A child of the signed-in parent, as My Profile shows it: class and teacher resolved. */
export const MeChildSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Level code, with its label from the school settings (absent when the settings do not know the code). */
  level: z.string(),
  levelLabel: LocalizedTextSchema.optional(),
  /** Absent when the child's class no longer exists. */
  class: z.object({ id: z.string(), code: z.string(), name: z.string(), levels: z.array(z.string()) }).optional(),
  /** The class's homeroom teacher; absent when none is assigned. */
  teacher: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().optional() }).optional(),
});
export type MeChild = z.infer<typeof MeChildSchema>;

/** A committee seat of the signed-in parent. */
export const MeCommitteeSchema = z.object({
  committeeId: z.string(),
  kind: CommitteeKindSchema,
  name: LocalizedTextSchema,
  role: CommitteeRoleSchema,
});
export type MeCommittee = z.infer<typeof MeCommitteeSchema>;

/**
 * The signed-in parent's own record, whatever their directory participation: a parent always sees what the
 * school holds about them (the directory applies participation to OTHER members only). Optional fields are
 * omitted when the school holds nothing.
 */
export const MeParentProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  address: AddressSchema.optional(),
  participation: ParticipationSchema,
  /** Who sees each detail, when the parent set it apart from the participation's preset (absent: the preset's). */
  audiences: FieldAudiencesSchema.optional(),
  preferredLanguage: LanguageSchema,
  interests: z.array(InterestCodeSchema),
  /** Free-text skills and interests ('' when none). */
  skills: z.string(),
  children: z.array(MeChildSchema),
  committees: z.array(MeCommitteeSchema),
});
export type MeParentProfile = z.infer<typeof MeParentProfileSchema>;

/** GET /api/me. */
export const MeResponseSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  /** `parent` when any registry entry under the email is a parent (a staff member may also be a parent). */
  userType: UserTypeSchema,
  /** Every directory person registered under the caller's email. */
  personIds: z.array(z.string()),
  /** The server's decision: an administrator role active today. The admin menu follows it. */
  isAdmin: z.boolean(),
  /** The caller may appoint themself first administrator (POST /api/me/first-admin): see docs/auth.md. */
  firstAdminAvailable: z.boolean().optional(),
  /** An administrator who must enrol an authenticator before the admin routes answer (docs/auth.md). */
  mfaSetupRequired: z.boolean().optional(),
  /**
   * Present when `userType` is `parent`: one profile per parent record under the caller's email (usually one;
   * a couple sharing a mailbox has two). Empty when the registry names a parent whose record is gone: My
   * Profile then shows 'Profile Not Found'.
   */
  parents: z.array(MeParentProfileSchema).optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export {
  AUTH_LINKS,
  AUTH_LOCALES,
  CLIENT_METADATA_LOCALE_KEY,
  SIGN_UP_REJECTED,
  type AuthLocale,
} from './auth-constants';

/**
 * The user attributes the web app client may write with a user's own access token (Cognito UpdateUserAttributes),
 * shared by the CDK app client (lib/constructs/auth.ts) and the local emulator's launcher (local/cognito), so both
 * refuse the same writes. `email` stays writable only because sign-up writes it through this client and Cognito
 * requires a pool's required attributes to be writable by its clients; a change of email is stopped elsewhere:
 * the pool keeps the original address until the new one is verified, and the CustomMessage trigger refuses to send
 * the code of an attribute update (lambdas/triggers/custom-message.ts), so no new address can ever be verified.
 */
export const APP_CLIENT_WRITE_ATTRIBUTES = ['email', 'name'] as const;
