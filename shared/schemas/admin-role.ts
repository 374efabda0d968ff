import * as z from 'zod';
import { AUDIT_ACTOR_KINDS } from './system';

/** A calendar day, `2025-09-02` (docs/product-rules.md, Québec conventions). Periods are whole days in the school's time zone. */
export const IsoDaySchema = z.iso.date();

/**
 * An administrator role: access to the admin routes for `email` from `from` to `until` (both days included; no
 * `until` = open-ended), optionally named after a committee role. A revoked role (`revokedAt`) grants nothing.
 * The server reads these on every admin request (lambdas/registry/admin-roles-repository.ts).
 */
export const AdminRoleSchema = z.strictObject({
  id: z.ulid(),
  email: z.string().min(3),
  from: IsoDaySchema,
  until: IsoDaySchema.optional(),
  /** e.g. "Responsable du bottin 2025-2026". */
  title: z.string().trim().min(1).max(120).optional(),
  grantedAt: z.iso.datetime(),
  grantedBy: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), id: z.string().min(1) }),
  revokedAt: z.iso.datetime().optional(),
  revokedBy: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), id: z.string().min(1) }).optional(),
  version: z.number().int().min(1),
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/** Whether a role grants access on `day`. */
export function roleActiveOn(role: Pick<AdminRole, 'from' | 'until' | 'revokedAt'>, day: string): boolean {
  return !role.revokedAt && role.from <= day && (role.until === undefined || day <= role.until);
}
