import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, LocalizedTextSchema } from '../schemas/common';

/** How many sign-ups the dashboard card lists by name. */
export const RECENT_SIGN_UPS_LISTED = 20;

/**
 * GET /api/admin/committees/sign-ups: the seats parents took themselves in the last RECENT_SIGN_UP_DAYS days
 * (shared/rules/committee-sign-ups.ts), newest first, for the administrators' dashboard card.
 */
export const CommitteeSignUpsResponseSchema = z.object({
  /** Start of the window. */
  since: IsoDateTimeSchema,
  /** How many sign-ups the window holds. */
  total: z.number().int().min(0),
  /** The newest ones (at most RECENT_SIGN_UPS_LISTED), with the names the card shows. */
  recent: z.array(
    z.object({
      committeeId: IdSchema,
      committeeName: LocalizedTextSchema,
      parentId: IdSchema,
      parentName: z.string(),
      signedUpAt: IsoDateTimeSchema,
    }),
  ),
});
export type CommitteeSignUpsResponse = z.infer<typeof CommitteeSignUpsResponseSchema>;
