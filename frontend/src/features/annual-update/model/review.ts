import type { PendingField, ReviewValue } from '@shared/rules/annual-update-review';
import type { Language } from '@shared/schemas/common';
import { formatPhone } from '@shared/format/phone';
import { interestLabel } from '../../../lib/directory/labels';

/** A reviewed value as the review screen shows it (undefined: none). */
export function reviewValueText(field: PendingField['field'], value: ReviewValue | undefined, lang: Language): string | undefined {
  if (value === undefined) return undefined;
  if (field === 'phone' && typeof value === 'string') return formatPhone(value);
  if (Array.isArray(value)) return value.map((code) => interestLabel(code, lang)).join(', ');
  if (typeof value === 'object') return `${value.street}, ${value.city} ${value.postalCode}`;
  return value;
}

/** The label key of a reviewed field (the form's own labels; the address is its section's name). */
export const reviewFieldKey = (field: PendingField['field']) =>
  field === 'address' ? 'updateForm.sections.address' : `updateForm.fields.${field}`;
