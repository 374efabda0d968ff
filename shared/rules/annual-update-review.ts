import * as z from 'zod';
import { AddressSchema, IdSchema, IsoDateTimeSchema, VersionSchema } from '../schemas/common';
import { InterestCodeSchema } from '../schemas/interests';

/**
 * Review before publishing (docs/annual-update.md, "Review before publishing"): with the campaign's `review` option
 * on, the parent's answer to these fields is held as a pending change until an administrator accepts or rejects
 * each field. Everything else of the answer (participation, audiences, language, committee seats) applies at once
 * (docs/decisions/review-before-publishing.md, "Review before publishing").
 */
export const REVIEWED_FIELDS = ['firstName', 'lastName', 'phone', 'address', 'interests', 'skills'] as const;
export const ReviewedFieldSchema = z.enum(REVIEWED_FIELDS);
export type ReviewedField = z.infer<typeof ReviewedFieldSchema>;

/** A reviewed field's value; absent (undefined) when the field is empty (no phone, no address). */
export const ReviewValueSchema = z.union([z.string(), AddressSchema, z.array(InterestCodeSchema)]);
export type ReviewValue = z.infer<typeof ReviewValueSchema>;

export const PendingFieldSchema = z.object({
  field: ReviewedFieldSchema,
  /** The published value when the parent submitted (absent: none). */
  old: ReviewValueSchema.optional(),
  /** The value the parent submitted (absent: they cleared it). */
  new: ReviewValueSchema.optional(),
});
export type PendingField = z.infer<typeof PendingFieldSchema>;

/** A held answer (`CAMPAIGN#<id>` / `PENDING#<parentId>`): one per parent and campaign; a new answer replaces it. */
export const PendingChangeSchema = z.object({
  campaignId: IdSchema,
  parentId: IdSchema,
  /** The parent's version the answer was based on (after what it published at once). */
  baseVersion: VersionSchema,
  submittedAt: IsoDateTimeSchema,
  via: z.enum(['link', 'profile']),
  changes: z.array(PendingFieldSchema).min(1),
  /** Co-parents the parent asked to share the new address with: saved on them when the address is accepted. */
  shareAddressWith: z.array(IdSchema).max(4).optional(),
});
export type PendingChange = z.infer<typeof PendingChangeSchema>;

/** What the parent's form says while an answer is held. */
export const PendingReviewSchema = z.object({
  submittedAt: IsoDateTimeSchema,
  fields: z.array(ReviewedFieldSchema),
});
export type PendingReview = z.infer<typeof PendingReviewSchema>;

/** One parent in the administrator's review queue; `old` is the value published now. */
export const ReviewItemSchema = z.object({
  parentId: IdSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** The parent's version now: sent back with the decision (optimistic locking). */
  version: VersionSchema,
  submittedAt: IsoDateTimeSchema,
  changes: z.array(PendingFieldSchema),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** GET /api/admin/annual-update/campaigns/{campaignId}/review: oldest answer first. */
export const ReviewListResponseSchema = z.object({ items: z.array(ReviewItemSchema) });
export type ReviewListResponse = z.infer<typeof ReviewListResponseSchema>;

/**
 * POST /api/admin/annual-update/campaigns/{campaignId}/review/{parentId}: accepted fields are published in one
 * transaction (the parent still at `version`, the pending change still the one of `submittedAt`), rejected ones
 * dropped; fields not named stay pending.
 */
export const ReviewDecisionRequestSchema = z
  .strictObject({
    version: VersionSchema,
    submittedAt: IsoDateTimeSchema,
    accept: z.array(ReviewedFieldSchema).max(REVIEWED_FIELDS.length).default([]),
    reject: z.array(ReviewedFieldSchema).max(REVIEWED_FIELDS.length).default([]),
  })
  .refine((r) => r.accept.length + r.reject.length > 0, { error: 'no_decision', path: ['accept'] })
  .refine((r) => new Set([...r.accept, ...r.reject]).size === r.accept.length + r.reject.length, {
    error: 'duplicate_field',
    path: ['reject'],
  });
export type ReviewDecisionRequest = z.input<typeof ReviewDecisionRequestSchema>;

/** The decision's answer: the parent's remaining pending fields (none: the item is gone). */
export const ReviewDecisionResponseSchema = z.object({ item: ReviewItemSchema.nullable() });
export type ReviewDecisionResponse = z.infer<typeof ReviewDecisionResponseSchema>;

export const ReviewPathSchema = z.strictObject({ campaignId: IdSchema, parentId: IdSchema });
