import * as z from 'zod';
import { IsoDateTimeSchema } from './common';

/** A named lock (`LOCK#<name>`): one active campaign, one progression being applied, one bulk job. */
export const LockSchema = z.object({
  name: z.string().min(1),
  /** Who holds it: a request or job id, never a person's name or email. */
  owner: z.string().min(1),
  acquiredAt: IsoDateTimeSchema,
  /** Epoch seconds; absent = held until released. */
  expiresAt: z.number().int().positive().optional(),
});
export type Lock = z.infer<typeof LockSchema>;

export const AUDIT_ACTOR_KINDS = ['user', 'token', 'system'] as const;

/**
 * Who did what to which item, with ids only: `fields` names what changed, never the values, so the audit
 * trail holds no personal data and can be kept for years.
 */
export const AuditEntrySchema = z.object({
  id: z.ulid(),
  at: IsoDateTimeSchema,
  actor: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), id: z.string().min(1) }),
  /** Dotted action code, e.g. `parent.update`, `campaign.start`, `progression.apply`. */
  action: z.string().regex(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)+$/),
  target: z.object({ type: z.string().min(1), id: z.string().min(1) }),
  fields: z.array(z.string()).optional(),
  /** Items touched by a bulk action. */
  count: z.number().int().min(0).optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** A fixed-window counter (`lambdas/common/rate-limit.ts`). */
export const RateLimitCounterSchema = z.object({
  hits: z.number().int().min(0),
  expiresAt: z.number().int().positive(),
});
export type RateLimitCounter = z.infer<typeof RateLimitCounterSchema>;
