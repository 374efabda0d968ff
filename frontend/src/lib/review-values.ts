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

/**
 * One event of a parent's campaign history in words (the participants' « Historique », My data's file): the event,
 * how a form came (« par le lien du courriel »), a send's error name, and which kinds of information a review
 * decision was about (« Publié après révision : adresse et téléphone »), never their values.
 */
export function participantEventText(
  event: { event: string; via?: string; error?: string; fields?: string[] },
  t: (key: string) => string,
  lang: Language,
): string {
  // Short names in a sentence (« adresse et compétences »), as the parent's email says them, not the form's labels.
  const fields = (event.fields ?? []).map((field) => t(`annualUpdateAdmin.history.fields.${field}`));
  return [
    t(`annualUpdateAdmin.history.events.${event.event}`),
    fields.length ? `${lang === 'fr' ? '\u00a0:' : ':'} ${new Intl.ListFormat(lang, { type: 'conjunction' }).format(fields)}` : '',
    event.via ? ` ${t(`annualUpdateAdmin.history.via.${event.via}`)}` : '',
    event.error ? ` (${event.error})` : '',
  ].join('');
}
