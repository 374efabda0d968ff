import * as z from 'zod';
import { DUPLICATE_REASONS } from '../rules/duplicates';
import { IdSchema, IsoDateTimeSchema, VersionSchema } from '../schemas/common';
import { ParentSchema, withParticipation, type Parent, type ParentFields } from '../schemas/parent';

/**
 * Contract of the duplicate routes (docs/product-rules.md, "Duplicates"): the list of likely duplicate parents,
 * the merge of two of them field by field, and its undo within 30 days.
 */

/** The days a merge can be undone; its record expires then (docs/data-model.md). */
export const MERGE_UNDO_DAYS = 30;

/**
 * What the administrator picks, field by field: `keep` (the record that stays) or `other` (the one merged into
 * it). `privacy` is the participation with its audiences, taken whole from one record, so the result is always a
 * choice one of the two parents made (docs/privacy.md); `profile` is the interests with the skills.
 */
export const MERGE_FIELDS = ['name', 'email', 'phone', 'address', 'preferredLanguage', 'privacy', 'profile'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const MergeSideSchema = z.enum(['keep', 'other']);
export type MergeSide = z.infer<typeof MergeSideSchema>;
export const MergeChoicesSchema = z.strictObject(
  Object.fromEntries(MERGE_FIELDS.map((field) => [field, MergeSideSchema])) as Record<MergeField, typeof MergeSideSchema>,
);
export type MergeChoices = z.infer<typeof MergeChoicesSchema>;

export const MergeRequestSchema = z
  .strictObject({
    keepId: IdSchema,
    keepVersion: VersionSchema,
    otherId: IdSchema,
    otherVersion: VersionSchema,
    choices: MergeChoicesSchema,
  })
  .refine((request) => request.keepId !== request.otherId, { path: ['otherId'], message: 'same_parent' });
export type MergeRequest = z.infer<typeof MergeRequestSchema>;

/** The undo takes no input: the merge's id is in the path. */
export const MergeUndoRequestSchema = z.strictObject({});

/**
 * The fields of the merged parent: each group from the side chosen; a name-only choice drops phone, address
 * and profile as it always does (shared/schemas/parent.ts). The screen's preview and the server use this one rule.
 */
export function mergedParentFields(keep: Parent, other: Parent, choices: MergeChoices): ParentFields {
  const from = (field: MergeField) => (choices[field] === 'keep' ? keep : other);
  const fields: ParentFields = {
    firstName: from('name').firstName,
    lastName: from('name').lastName,
    email: from('email').email,
    phone: from('phone').phone,
    address: from('address').address,
    interests: [...from('profile').interests],
    skills: from('profile').skills,
    participation: from('privacy').participation,
    audiences: from('privacy').audiences,
    preferredLanguage: from('preferredLanguage').preferredLanguage,
  };
  const result = withParticipation(fields, fields.participation, fields.audiences);
  return Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined)) as ParentFields;
}

/**
 * The households the merged parent stays hidden from: both records' restrictions together (a merge never loosens
 * a safety restriction, docs/privacy.md), without the two merged records themselves.
 */
export function mergedHiddenFrom(keep: Parent, other: Parent): string[] {
  const ids = [...(keep.safetyRestriction?.hiddenFrom ?? []), ...(other.safetyRestriction?.hiddenFrom ?? [])];
  return [...new Set(ids)].filter((id) => id !== keep.id && id !== other.id);
}

/** A child as the merge screen names them. */
const ChildSchema = z.object({ id: IdSchema, firstName: z.string(), lastName: z.string() });

export const DuplicateSideSchema = z.object({
  parent: ParentSchema,
  children: z.array(ChildSchema),
  /** Committee seats held. */
  seats: z.number().int().min(0),
});
export type DuplicateSide = z.infer<typeof DuplicateSideSchema>;

export const DuplicatePairSchema = z.object({
  keep: DuplicateSideSchema,
  other: DuplicateSideSchema,
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  strength: z.number().int(),
});
export type DuplicatePair = z.infer<typeof DuplicatePairSchema>;

/** A merge as the undo list shows it (names as they were before the merge). */
export const MergeSummarySchema = z.object({
  id: IdSchema,
  at: IsoDateTimeSchema,
  keepId: IdSchema,
  otherId: IdSchema,
  keepName: z.string(),
  otherName: z.string(),
  /** When the undo stops being possible. */
  undoUntil: IsoDateTimeSchema,
  undoneAt: IsoDateTimeSchema.optional(),
});
export type MergeSummary = z.infer<typeof MergeSummarySchema>;

export const DuplicatesResponseSchema = z.object({
  pairs: z.array(DuplicatePairSchema),
  /** Merges that can still be undone (or were undone), newest first. */
  merges: z.array(MergeSummarySchema),
});
export type DuplicatesResponse = z.infer<typeof DuplicatesResponseSchema>;

export const MergeResponseSchema = z.object({ merge: MergeSummarySchema, record: ParentSchema });
export type MergeResponse = z.infer<typeof MergeResponseSchema>;
export const UndoResponseSchema = z.object({ merge: MergeSummarySchema });
