import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount } from '../../lib/number-format';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { splitFullAddress } from '@shared/format/full-address';
import type { ParentForm } from '@shared/rules/parent-form';
import type { Language } from '@shared/schemas/common';
import { COMMITTEE_ROLES } from '@shared/schemas/committee-roles';
import { isSignUpRole } from '@shared/rules/committee-sign-ups';
import { INTEREST_CODES, INTEREST_LABELS, type InterestCode } from '@shared/schemas/interests';
import { PARTICIPATION_LEVELS, SKILLS_MAX_LENGTH, type Participation } from '@shared/schemas/parent';
import { AUDIENCES, PRESET_AUDIENCES, presetOf, sameAudiences, VISIBILITY_FIELDS, type Audience } from '@shared/rules/visibility';
import { FIELD_MAX_LENGTH, formatOnBlur, type FieldErrors, type FieldName, type FormValues } from '../../lib/parent-form/form-values';
import { useFieldErrorText } from '../../lib/parent-form/use-error-text';

/** The sections of the update form, one column on a phone (the link is mostly opened on a phone). */
export interface SectionProps {
  /** The version is not the sections' (an administrator's new parent has none yet). */
  values: Omit<FormValues, 'version'>;
  errors: FieldErrors;
  lang: Language;
  onChange: (patch: Partial<FormValues>) => void;
  /**
   * Who fills the form: the parent (absent; the text says « you ») or an administrator, about the parent: the
   * administrator's wording, given by features/admin-data/components/parent-edit-form.tsx (« the parent's name », « the
   * parent's interests »), whose strings load with the admin screens, not with the parent's forms.
   */
  forAdmin?: AdminWording;
}

/** The sentences an administrator's parent form says in place of the parent's own (SectionProps.forAdmin). */
export interface AdminWording {
  interestsTitle: string;
  interestsPlaceholder: string;
  audienceClasses: string;
  visibilityDescription: string;
  /** Under the visibility choices while a new record's private start is untouched (AudienceFields' privateByDefault). */
  privateByDefault: string;
}

function useFieldProps({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  return (field: FieldName, required = false) => ({
    label: `${t(`updateForm.fields.${field}`)}${required ? ' *' : ''}`,
    errorText: errorText(errors[field], FIELD_MAX_LENGTH[field]),
    input: {
      value: values[field],
      ariaRequired: required,
      invalid: Boolean(errors[field]),
      onChange: ({ detail }: { detail: { value: string } }) => onChange({ [field]: detail.value }),
    },
  });
}

/** The language of the person's emails and letters, shown in its own name (Français, English). */
export function PreferredLanguageField({ value, onChange }: { value: Language; onChange: (value: Language) => void }) {
  const { t } = useTranslation();
  return (
    <FormField label={`${t('updateForm.fields.preferredLanguage')} *`}>
      <RadioGroup
        value={value}
        onChange={({ detail }) => onChange(detail.value as Language)}
        items={[
          // Each in its own language, and said in it (a trial's English page read « Français » with an English voice).
          { value: 'fr', label: <span lang="fr">Français</span> },
          { value: 'en', label: <span lang="en">English</span> },
        ]}
      />
    </FormField>
  );
}

export function PersonalSection(props: SectionProps & { email?: string }) {
  const { t } = useTranslation();
  const field = useFieldProps(props);
  const { values, onChange } = props;
  const first = field('firstName', true);
  const last = field('lastName', true);
  const phone = field('phone');
  return (
    <Container header={<Header variant="h2">{t('updateForm.sections.personal')}</Header>}>
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField label={first.label} errorText={first.errorText}>
            <Input {...first.input} autoComplete="given-name" />
          </FormField>
          <FormField label={last.label} errorText={last.errorText}>
            <Input {...last.input} autoComplete="family-name" />
          </FormField>
        </ColumnLayout>
        <FormField label={t('updateForm.fields.email')} description={t('updateForm.emailReadOnly')}>
          <Input value={props.email ?? ''} readOnly placeholder={t('common.notSet')} />
        </FormField>
        <FormField label={phone.label} errorText={phone.errorText} constraintText={phone.errorText ? undefined : t('updateForm.phoneHint')}>
          <Input
            {...phone.input}
            inputMode="tel"
            autoComplete="tel-national"
            onBlur={() => onChange({ phone: formatOnBlur('phone', values.phone) })}
          />
        </FormField>
        <PreferredLanguageField
          value={values.preferredLanguage}
          onChange={(preferredLanguage) => onChange({ preferredLanguage })}
        />
      </SpaceBetween>
    </Container>
  );
}

/** "<co-parent> also lives at this address": one checkbox per co-parent the rule allows (shared/rules/household.ts). */
function SharedAddressChoices({ coParents, values, onChange }: SectionProps & { coParents: ParentForm['coParents'] }) {
  const { t } = useTranslation();
  if (coParents.length === 0) return null;
  const ticked = (id: string) => values.shareAddressWith.some((c) => c.parentId === id);
  return (
    <FormField label={t('updateForm.sharedAddress.title')} description={t('updateForm.sharedAddress.hint')} stretch>
      <SpaceBetween size="xs">
        {coParents.map((co) => (
          <Checkbox
            key={co.id}
            checked={ticked(co.id)}
            onChange={({ detail }) =>
              onChange({
                shareAddressWith: detail.checked
                  ? [...values.shareAddressWith.filter((c) => c.parentId !== co.id), { parentId: co.id, version: co.version }]
                  : values.shareAddressWith.filter((c) => c.parentId !== co.id),
              })
            }
          >
            {t('updateForm.sharedAddress.label', { name: `${co.firstName} ${co.lastName}` })}
          </Checkbox>
        ))}
      </SpaceBetween>
    </FormField>
  );
}

export function AddressSection(props: SectionProps & { coParents?: ParentForm['coParents'] }) {
  const { t } = useTranslation();
  const field = useFieldProps(props);
  const { values, onChange } = props;
  // Once any part is filled, all three are required (shared/rules/parent-form.ts).
  const required = [values.street, values.city, values.postalCode].some((part) => part.trim() !== '');
  const street = field('street', required);
  const city = field('city', required);
  const postal = field('postalCode', required);
  const [splitFrom, setSplitFrom] = useState<string>();
  // A whole address pasted into the street (« 12, rue des Érables, Laval (Québec) H7N 1A1 ») goes to its three
  // fields, unless the city or the postal code already says something else (shared/format/full-address.ts).
  const onStreet = ({ detail }: { detail: { value: string } }) => {
    const parts = splitFullAddress(detail.value);
    const fits = (typed: string, found: string) => typed.trim() === '' || typed.trim().toLowerCase() === found.toLowerCase();
    if (parts && fits(values.city, parts.city) && fits(values.postalCode.replace(/[\s-]/g, ''), parts.postalCode.replace(' ', ''))) {
      setSplitFrom(parts.street);
      return onChange(parts);
    }
    street.input.onChange({ detail });
  };
  return (
    <Container
      header={<Header variant="h2" description={t('updateForm.addressHint')}>{t('updateForm.sections.address')}</Header>}
    >
      <SpaceBetween size="m">
        <FormField
          label={street.label}
          errorText={street.errorText}
          constraintText={splitFrom !== undefined && splitFrom === values.street ? t('updateForm.addressSplit') : undefined}
        >
          <Input {...street.input} onChange={onStreet} autoComplete="street-address" />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField label={city.label} errorText={city.errorText}>
            <Input {...city.input} autoComplete="address-level2" />
          </FormField>
          <FormField label={postal.label} errorText={postal.errorText} constraintText={t('updateForm.postalCodeHint')}>
            <Input
              {...postal.input}
              autoComplete="postal-code"
              onBlur={() => onChange({ postalCode: formatOnBlur('postalCode', values.postalCode) })}
            />
          </FormField>
        </ColumnLayout>
        <SharedAddressChoices {...props} coParents={props.coParents ?? []} />
      </SpaceBetween>
    </Container>
  );
}

/** Adds or removes one id of a list (a ticked or unticked checkbox). */
const toggled = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

/**
 * The parent's seats and the committees open to sign-ups (docs/product-rules.md, Committee sign-ups): a plain seat
 * can be left, an open committee joined; officer seats are the administrators' and are shown read-only.
 * An open committee's box is labelled by its name alone, under the field that says ticking joins: a sentence around
 * the name (« Je me joins au comité {name} ») needs the name's article and elision, which a typed name does not give
 * (« au comité Organisme de participation des parents (OPP) », « au comité Fondation de l'école »).
 */
export function CommitteesSection(props: SectionProps & { form: ParentForm }) {
  const { t } = useTranslation();
  const { form, values, lang, onChange } = props;
  const held = new Set(form.committees.map((seat) => seat.committeeId));
  const open = form.openCommittees.filter((c) => !held.has(c.committeeId));
  return (
    <Container
      header={<Header variant="h2" description={t('updateForm.committeesHint')}>{t('updateForm.sections.committees')}</Header>}
    >
      <SpaceBetween size="m">
        {form.committees.length === 0 ? (
          <Box color="text-body-secondary">{t('updateForm.noCommittees')}</Box>
        ) : (
          <ul data-testid="my-committees">
            {form.committees.map((seat) => (
              <li key={`${seat.committeeId}-${seat.role}`}>
                <SpaceBetween size="xxs">
                  <span>
                    {seat.name[lang]} — {COMMITTEE_ROLES[seat.role].label[lang]}
                  </span>
                  {isSignUpRole(seat.role) ? (
                    <Checkbox
                      checked={values.leave.includes(seat.committeeId)}
                      onChange={({ detail }) => onChange({ leave: toggled(values.leave, seat.committeeId, detail.checked) })}
                      // Under the seat's name on screen; a screen reader, moving from box to box, hears the name too.
                      ariaLabel={t('updateForm.committees.leaveLabel', { name: seat.name[lang] })}
                    >
                      {t('updateForm.committees.leave')}
                    </Checkbox>
                  ) : (
                    <Box variant="small" color="text-body-secondary">{t('updateForm.committees.officer')}</Box>
                  )}
                </SpaceBetween>
              </li>
            ))}
          </ul>
        )}
        <FormField label={t('updateForm.committees.openTitle')} description={t('updateForm.committees.openHint')} stretch>
          {open.length === 0 ? (
            <Box color="text-body-secondary">{t('updateForm.committees.noneOpen')}</Box>
          ) : (
            <SpaceBetween size="xs">
              {open.map((committee) => (
                <Checkbox
                  key={committee.committeeId}
                  checked={values.join.includes(committee.committeeId)}
                  onChange={({ detail }) => onChange({ join: toggled(values.join, committee.committeeId, detail.checked) })}
                  description={[COMMITTEE_ROLES[committee.role].label[lang], committee.description?.[lang]].filter(Boolean).join(' · ')}
                >
                  {committee.name[lang]}
                </Checkbox>
              ))}
            </SpaceBetween>
          )}
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

export function InterestsSection(props: SectionProps) {
  const { t } = useTranslation();
  const { values, lang, onChange } = props;
  const skills = useFieldProps(props)('skills');
  const options = INTEREST_CODES.map((code) => ({ value: code, label: INTEREST_LABELS[code][lang] }));
  return (
    <Container header={<Header variant="h2">{t('updateForm.sections.interests')}</Header>}>
      <SpaceBetween size="m">
        <FormField label={props.forAdmin?.interestsTitle ?? t('updateForm.fields.interests')}>
          <Multiselect
            selectedOptions={options.filter((option) => values.interests.includes(option.value))}
            options={options}
            filteringType="auto"
            placeholder={props.forAdmin?.interestsPlaceholder ?? t('updateForm.interestsPlaceholder')}
            onChange={({ detail }) =>
              onChange({ interests: detail.selectedOptions.map((option) => option.value as InterestCode) })
            }
          />
        </FormField>
        <FormField
          label={skills.label}
          errorText={skills.errorText}
          // The count as the parent types, as the privacy request's form does: the limit is seen before the save refuses.
          constraintText={`${t('updateForm.skillsHint')} (${characterCount(values.skills.length, SKILLS_MAX_LENGTH, lang)})`}
        >
          <Textarea
            value={values.skills}
            invalid={Boolean(props.errors.skills)}
            onChange={({ detail }) => onChange({ skills: detail.value })}
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

/** Choosing a participation level applies its preset to every field; a field changed afterwards makes it custom. */
const choosePreset = (participation: Participation): Partial<FormValues> => ({
  participation,
  audiences: { ...PRESET_AUDIENCES[participation] },
});

/** Whether two privacy choices are the same: the same participation, and the same audience for every field. */
const samePrivacy = (a: Pick<FormValues, 'participation' | 'audiences'>, b: Pick<FormValues, 'participation' | 'audiences'>) =>
  a.participation === b.participation && sameAudiences(a.audiences, b.audiences);

/**
 * Who sees each detail: the whole school, my children's classes, or administrators only. `privateByDefault` is
 * where a record created without the parent's choice starts (shared/rules/visibility.ts initialPrivacy, the admin's
 * form): not a preset, yet nobody adjusted it, so while the values are still it a note says so instead of « custom ».
 */
export function AudienceFields({ values, onChange, forAdmin, privateByDefault }: SectionProps & {
  privateByDefault?: Pick<FormValues, 'participation' | 'audiences'>;
}) {
  const { t } = useTranslation();
  const audienceLabel = (audience: Audience) =>
    forAdmin && audience === 'classes' ? forAdmin.audienceClasses : t(`updateForm.visibility.audiences.${audience}`);
  const options = AUDIENCES.map((audience) => ({ value: audience, label: audienceLabel(audience) }));
  const untouched = privateByDefault !== undefined && samePrivacy(values, privateByDefault);
  const custom = !untouched && presetOf(values.audiences) !== values.participation;
  const constraint = untouched ? forAdmin?.privateByDefault : custom ? t('updateForm.visibility.custom') : undefined;
  return (
    <FormField
      label={t('updateForm.visibility.title')}
      description={forAdmin?.visibilityDescription ?? t('updateForm.visibility.description')}
      constraintText={constraint}
      stretch
    >
      <ColumnLayout columns={2}>
        {VISIBILITY_FIELDS.map((field) => (
          <FormField key={field} label={t(`updateForm.visibility.fields.${field}`)}>
            <Select
              selectedOption={options.find((option) => option.value === values.audiences[field]) ?? null}
              options={options}
              onChange={({ detail }) =>
                onChange({ audiences: { ...values.audiences, [field]: detail.selectedOption.value as Audience } })
              }
            />
          </FormField>
        ))}
      </ColumnLayout>
    </FormField>
  );
}

export function ParticipationSection(props: SectionProps) {
  const { values, onChange } = props;
  const { t } = useTranslation();
  const optedOut = values.participation === 'nameOnly';
  return (
    <Container header={<Header variant="h2">{t('updateForm.sections.participation')}</Header>}>
      <SpaceBetween size="m">
        <FormField label={`${t('updateForm.fields.participation')} *`}>
          <RadioGroup
            value={values.participation}
            onChange={({ detail }) => onChange(choosePreset(detail.value as Participation))}
            // One choice: withdrawing from the directory IS "name only" (a separate checkbox offered it twice).
            items={PARTICIPATION_LEVELS.map((level) => ({
              value: level,
              label: t(`updateForm.participation.${level}.label`),
              description:
                level === 'nameOnly'
                  ? `${t('updateForm.participation.nameOnly.description')} ${t('updateForm.optOutDescription')}`
                  : t(`updateForm.participation.${level}.description`),
            }))}
          />
        </FormField>
        {!optedOut && <AudienceFields {...props} />}
      </SpaceBetween>
    </Container>
  );
}
