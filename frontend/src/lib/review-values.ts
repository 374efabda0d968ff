import type { PendingField, ReviewValue } from '@shared/rules/annual-update-review';
import type { Language } from '@shared/schemas/common';
import { formatPhone } from '@shared/format/phone';
import { formatPostalCode } from '@shared/format/postal-code';
import { interestLabel } from './directory/labels';

/**
 * A value held for the school's review as the screens write it: the review screen (administrators) and My Profile's
 * « Modifications en attente » (the parent who sent it). Undefined: none.
 */
export function reviewValueText(field: PendingField['field'], value: ReviewValue | undefined, lang: Language): string | undefined {
  if (value === undefined) return undefined;
  if (field === 'phone' && typeof value === 'string') return formatPhone(value);
  if (Array.isArray(value)) return value.map((code) => interestLabel(code, lang)).join(', ');
  if (typeof value === 'object') return `${value.street}, ${value.city} ${formatPostalCode(value.postalCode)}`;
  return value;
}

/** The label key of a reviewed field (the form's own labels; the address is its section's name). */
export const reviewFieldKey = (field: PendingField['field']) =>
  field === 'address' ? 'updateForm.sections.address' : `updateForm.fields.${field}`;
