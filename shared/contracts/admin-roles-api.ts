import * as z from 'zod';
import { AdminRoleSchema, IsoDaySchema } from '../schemas/admin-role';
import { LanguageSchema } from '../schemas/common';

/**
 * Administrator roles on screen (docs/auth.md, "Administrators"; docs/operations.md, "Handing over"): the list,
 * the handover, and ending a role. The rules are the server's (lambdas/registry/admin-roles.ts).
 */

const EmailInputSchema = z.string().trim().min(3).max(254);

/** POST /api/admin/roles/handover: the outgoing administrator (the caller) names the incoming one. */
export const HandoverRequestSchema = z.strictObject({
  /** A registered member's email (a parent or a staff member of the directory). */
  incomingEmail: EmailInputSchema,
  /** First day of the incoming administrator's access; today when absent. */
  from: IsoDaySchema.optional(),
  until: IsoDaySchema.optional(),
  title: z.string().trim().min(1).max(120).optional(),
  /** The caller's own last day (included), when they step down; absent: their role stays as it is. */
  ownUntil: IsoDaySchema.optional(),
  /** The caller's screen language: their own email's language when the directory does not hold one. */
  lang: LanguageSchema.optional(),
});
export type HandoverRequest = z.infer<typeof HandoverRequestSchema>;

/** POST /api/admin/roles/end: ends every current or future role of `email` on `until` (at once when absent). */
export const EndRoleRequestSchema = z.strictObject({
  email: EmailInputSchema,
  until: IsoDaySchema.optional(),
});
export type EndRoleRequest = z.infer<typeof EndRoleRequestSchema>;

export const RoleStatusSchema = z.enum(['current', 'future', 'past']);
export type RoleStatus = z.infer<typeof RoleStatusSchema>;

/** A role as the screen lists it: who (name when registered), the dates, and where it stands today. */
export const RoleViewSchema = AdminRoleSchema.pick({ id: true, email: true, from: true, until: true, title: true, revokedAt: true }).extend({
  name: z.string().optional(),
  status: RoleStatusSchema,
  /** The caller's own role. */
  mine: z.boolean(),
});
export type RoleView = z.infer<typeof RoleViewSchema>;

/** A registered member who may be named (the handover's search list). */
export const MemberChoiceSchema = z.object({ email: z.string(), name: z.string() });
export type MemberChoice = z.infer<typeof MemberChoiceSchema>;

/** GET /api/admin/roles: every role (current first, then future, then past) and the members to pick from. */
export const RolesResponseSchema = z.object({
  today: IsoDaySchema,
  roles: z.array(RoleViewSchema),
  members: z.array(MemberChoiceSchema),
});
export type RolesResponse = z.infer<typeof RolesResponseSchema>;

export const HandoverResponseSchema = z.object({ incoming: RoleViewSchema, emailsSent: z.number().int().min(0) });
export type HandoverResponse = z.infer<typeof HandoverResponseSchema>;
