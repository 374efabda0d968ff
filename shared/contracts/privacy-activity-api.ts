import * as z from 'zod';
import { IsoDateTimeSchema } from '../schemas/common';

/**
 * Contract of `GET /api/me/activity` (docs/privacy.md, "Transparency for parents"): what administrators (or the
 * system) did with the caller's own parent record, read from the audit trail. Each entry says when, in which role
 * and what kind of act, never who by name or email; `fields` names the fields changed, never their values.
 */

/** `coParent`: the family's other parent, who shared a new address with this parent (their answer or My Profile). */
export const ACTIVITY_ROLES = ['administrator', 'system', 'coParent'] as const;
/**
 * `accepted` and `rejected`: an administrator's decision on the parent's own change held for review
 * (docs/annual-update.md, "Review before publishing"): the change is the parent's, the administrator only decided.
 * `addressShared`: the co-parent changed their address and shared it with this parent's record.
 */
export const ACTIVITY_KINDS = ['created', 'changed', 'accepted', 'rejected', 'addressShared', 'exported'] as const;

export const ActivityEntrySchema = z.object({
  at: IsoDateTimeSchema,
  role: z.enum(ACTIVITY_ROLES),
  kind: z.enum(ACTIVITY_KINDS),
  /** For an export: the file format taken. */
  format: z.enum(['csv', 'json']).optional(),
  fields: z.array(z.string()).optional(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

/**
 * Fields a member never reads about their own record, even by name (docs/privacy.md, "Safety restrictions"): a
 * shared download or screen would tell the other household a restriction exists. A change of these fields alone
 * is left out of the activity; a change of these and others lists the others only.
 */
export const MEMBER_HIDDEN_FIELDS: readonly string[] = ['safetyRestriction'];

/** At most this many entries, newest first. */
export const ACTIVITY_LIMIT = 50;

export const MyActivityResponseSchema = z.object({ entries: z.array(ActivityEntrySchema).max(ACTIVITY_LIMIT) });
export type MyActivityResponse = z.infer<typeof MyActivityResponseSchema>;
