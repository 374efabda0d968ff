import { formatPhone, phoneDigits } from '@shared/format/phone';
import { formatPostalCode, normalizePostalCode } from '@shared/format/postal-code';
import { ParentUpdateInputSchema, type ParentForm, type ParentUpdateInput } from '@shared/rules/parent-form';
import type { MessageConsents } from '@shared/contracts/messages-api';
import type { InterestCode } from '@shared/schemas/interests';
import { AddressSchema, PersonNameSchema, type Language } from '@shared/schemas/common';
import { SKILLS_MAX_LENGTH, type Participation } from '@shared/schemas/parent';
import { audiencesOf, type FieldAudiences, type ParentDetails } from '@shared/rules/visibility';
import { keepTypedChanges } from '../keep-typed-changes';

/**
 * The update form's state as the inputs hold it (strings), its conversion to the API's `ParentUpdateInput`, and
 * validation with the server's own zod schema, so the browser and the Lambda can never disagree on a rule.
 */
export interface FormValues {
  version: number;
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  city: string;
  postalCode: string;
  interests: InterestCode[];
  skills: string;
  participation: Participation;
  /** Who sees each field (shared/rules/visibility.ts): the preset's until the parent adjusts one. */
  audiences: FieldAudiences;
  preferredLanguage: Language;
  /** Open committees the parent chose to join, and plain seats they chose to leave (shared/rules/committee-sign-ups.ts). */
  join: string[];
  leave: string[];
  /** Co-parents ticked as "also lives at this address", at the version the form showed (shared/rules/household.ts). */
  shareAddressWith: { parentId: string; version: number }[];
  /** The emails accepted (docs/messages.md, "Consents"): on the update link's form only (My Profile has its own section). */
  messages?: MessageConsents;
  /** The answer held for review the form showed, null for none (the server refuses a save over another one). */
  heldSince?: string | null;
}

export type FieldName = 'firstName' | 'lastName' | 'phone' | 'street' | 'city' | 'postalCode' | 'skills';

/** The longest text each field takes, from the schemas the server checks it with: its "too long" message says it. */
export const FIELD_MAX_LENGTH: Partial<Record<FieldName, number | null>> = {
  firstName: PersonNameSchema.maxLength,
  lastName: PersonNameSchema.maxLength,
  street: AddressSchema.shape.street.maxLength,
  city: AddressSchema.shape.city.maxLength,
  skills: SKILLS_MAX_LENGTH,
};

/** Message keys (under `updateForm.errors`) per field. */
export type FieldErrors = Partial<Record<FieldName, 'required' | 'invalidPhone' | 'invalidPostalCode' | 'tooLong' | 'invalid'>>;

export function valuesFromForm(form: ParentForm): FormValues {
  const { parent } = form;
  return {
    version: parent.version,
    firstName: parent.firstName,
    lastName: parent.lastName,
    phone: parent.phone ? formatPhone(parent.phone) : '',
    street: parent.address?.street ?? '',
    city: parent.address?.city ?? '',
    postalCode: parent.address?.postalCode ?? '',
    interests: [...parent.interests],
    skills: parent.skills,
    participation: parent.participation,
    audiences: audiencesOf(parent),
    preferredLanguage: parent.preferredLanguage,
    join: [],
    leave: [],
    shareAddressWith: [],
    ...(form.messages ? { messages: { ...form.messages } } : {}),
    heldSince: form.pendingReview?.submittedAt ?? null,
  };
}

/**
 * After a save refused because the record or the committees changed meanwhile (CONFLICT, COMMITTEE_CLOSED): the form
 * read again (`current`), with every field the person changed since `shownBefore` kept as typed
 * (lib/keep-typed-changes.ts). What the current form no longer offers goes: a committee closed to sign-ups, a seat
 * no longer held, a co-parent no longer one; a co-parent ticked as sharing the address goes at their current version.
 */
export function rebasedValues(typed: FormValues, shownBefore: ParentForm, current: ParentForm): FormValues {
  const kept = keepTypedChanges(typed, valuesFromForm(shownBefore), valuesFromForm(current));
  const coParents = new Map(current.coParents.map((co) => [co.id, co.version]));
  const shareAddressWith = kept.shareAddressWith.flatMap(({ parentId }) => {
    const version = coParents.get(parentId);
    return version === undefined ? [] : [{ parentId, version }];
  });
  const open = new Set(current.openCommittees.map((c) => c.committeeId));
  const held = new Set(current.committees.map((c) => c.committeeId));
  return { ...kept, shareAddressWith, join: kept.join.filter((id) => open.has(id)), leave: kept.leave.filter((id) => held.has(id)) };
}

/** The committee changes, sent only when there are some (absent: seats unchanged). */
function committeeChanges(values: FormValues): Pick<ParentUpdateInput, 'committees'> {
  if (values.join.length === 0 && values.leave.length === 0) return {};
  return { committees: { join: values.join.map((committeeId) => ({ committeeId })), leave: values.leave } };
}

/** What is sent. Blank optional fields go as absent; the schema normalises phone and postal code server-side too. */
export function toUpdateInput(values: FormValues): ParentUpdateInput {
  const hasAddress = [values.street, values.city, values.postalCode].some((part) => part.trim() !== '');
  // Name only removes phone, address, interests and skills on the server anyway: leaving the directory must not be
  // blocked by a half-typed phone number in a field that is about to be erased.
  if (values.participation === 'nameOnly') {
    return {
      version: values.version,
      firstName: values.firstName,
      lastName: values.lastName,
      interests: [],
      skills: '',
      participation: values.participation,
      preferredLanguage: values.preferredLanguage,
      // The emails accepted do not depend on the directory: a parent who leaves it still chooses them.
      ...(values.messages ? { messages: values.messages } : {}),
      ...heldAnswerShown(values),
    };
  }
  return {
    version: values.version,
    firstName: values.firstName,
    lastName: values.lastName,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    ...(hasAddress ? { address: { street: values.street, city: values.city, postalCode: values.postalCode } } : {}),
    interests: values.interests,
    skills: values.skills,
    participation: values.participation,
    audiences: values.audiences,
    preferredLanguage: values.preferredLanguage,
    ...committeeChanges(values),
    ...(hasAddress && values.shareAddressWith.length > 0 ? { shareAddressWith: values.shareAddressWith } : {}),
    ...(values.messages ? { messages: values.messages } : {}),
    ...heldAnswerShown(values),
  };
}

/** The held answer the form showed, sent when the form knows it (not by the administrators' editor, which drops it). */
const heldAnswerShown = (values: FormValues): Pick<ParentUpdateInput, 'heldSince'> =>
  values.heldSince === undefined ? {} : { heldSince: values.heldSince };

/**
 * The family's card as the form holds it now, for the preview: what the server would store after Validate
 * (name only drops the details; a half-typed phone or postal code is shown once it is complete).
 */
export function previewDetails(values: FormValues, parent: { id: string; email?: string }): ParentDetails {
  const optedOut = values.participation === 'nameOnly';
  const phone = optedOut ? undefined : phoneDigits(values.phone);
  const postalCode = normalizePostalCode(values.postalCode);
  const complete = !optedOut && values.street.trim() !== '' && values.city.trim() !== '' && postalCode;
  return {
    id: parent.id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(parent.email ? { email: parent.email } : {}),
    ...(phone ? { phone } : {}),
    ...(complete ? { address: { street: values.street.trim(), city: values.city.trim(), postalCode } } : {}),
    interests: optedOut ? [] : values.interests,
    skills: optedOut ? '' : values.skills.trim(),
    participation: values.participation,
    audiences: values.audiences,
  };
}

const FIELD_BY_PATH: Record<string, FieldName> = {
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  'address.street': 'street',
  'address.city': 'city',
  'address.postalCode': 'postalCode',
  skills: 'skills',
};

/** Maps an input path (`address.city`, or the API's `data.address.city`) and its issue to a field message. */
export function fieldError(path: string, issue: string, values: Pick<FormValues, FieldName>): [FieldName, NonNullable<FieldErrors[FieldName]>] | undefined {
  const field = FIELD_BY_PATH[path.replace(/^data\./, '')];
  if (!field) return undefined;
  if (field === 'phone') return [field, 'invalidPhone'];
  if (field === 'postalCode') return [field, values.postalCode.trim() ? 'invalidPostalCode' : 'required'];
  const raw = values[field].trim();
  if (raw === '') return [field, 'required'];
  if (issue === 'too_big') return [field, 'tooLong'];
  return [field, 'invalid'];
}

/** Validates with `ParentUpdateInputSchema`; returns the normalised input or the message of each field. */
export function validate(values: FormValues): { ok: true; input: ParentUpdateInput } | { ok: false; errors: FieldErrors } {
  const input = toUpdateInput(values);
  const result = ParentUpdateInputSchema.safeParse(input);
  // Sharing an address needs one: the street is the first field to fill.
  const sharesNothing = values.participation !== 'nameOnly' && values.shareAddressWith.length > 0 && !input.address;
  if (result.success && !sharesNothing) return { ok: true, input };
  const errors: FieldErrors = sharesNothing ? { street: 'required' } : {};
  if (result.success) return { ok: false, errors };
  for (const issue of result.error.issues) {
    const mapped = fieldError(issue.path.join('.'), issue.code, values);
    if (mapped && !errors[mapped[0]]) errors[mapped[0]] = mapped[1];
  }
  return { ok: false, errors };
}

/** On leaving a field, show what will be stored (`5145551234` -> `514 555-1234`); unrecognisable input stays. */
export function formatOnBlur(field: 'phone' | 'postalCode', value: string): string {
  return field === 'phone' ? formatPhone(value.trim()) : formatPostalCode(value.trim());
}
