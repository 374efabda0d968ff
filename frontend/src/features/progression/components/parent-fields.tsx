import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ParentLookupMatch } from '@shared/contracts/progression-api';
import type { Language } from '@shared/schemas/common';
import { PreferredLanguageField } from '../../../components/parent-form/form-sections';
import { fullName } from '../../../lib/directory/names';
import { formatOnBlur } from '../../../lib/parent-form/form-values';
import type { FieldErrors, ParentField, ParentSlot, ParentValues } from '../model/new-student-form';

type FieldsProps = {
  slot: ParentSlot;
  values: ParentValues;
  errors: FieldErrors;
  parentOptions: SelectProps.Option[];
  /** Who already uses the typed email (after a duplicate-email answer): offered as the existing parent. */
  matches: ParentLookupMatch[];
  onChange: (patch: Partial<ParentValues>) => void;
};

/** A field's message (from the form's errors) and its label (`*` when required). */
function fieldText(t: TFunction, slot: ParentSlot, errors: FieldErrors) {
  const error = (field: ParentField) => {
    const code = errors[`${slot}.${field}`];
    return code ? t(`progression.newStudents.errors.${code}`) : undefined;
  };
  const label = (field: string, required: boolean) => `${t(`updateForm.fields.${field}`)}${required ? ' *' : ''}`;
  return { error, label };
}

/** A new parent: names, email (with the parents who already use it), phone, address, language. */
function NewParentFields({ slot, values, errors, matches, onChange }: Omit<FieldsProps, 'parentOptions'>) {
  const { t } = useTranslation();
  const { error, label } = fieldText(t, slot, errors);
  const text = (field: 'firstName' | 'lastName' | 'street' | 'city', required: boolean) => (
    <FormField label={label(field, required)} errorText={error(field)}>
      <Input
        value={values[field]}
        invalid={Boolean(error(field))}
        ariaRequired={required}
        onChange={({ detail }) => onChange({ [field]: detail.value })}
      />
    </FormField>
  );
  const addressRequired = [values.street, values.city, values.postalCode].some((part) => part.trim() !== '');

  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        {text('firstName', true)}
        {text('lastName', true)}
      </ColumnLayout>
      <FormField label={label('email', false)} errorText={error('email')} constraintText={t('progression.newStudents.emailHint')}>
        <Input
          type="email"
          value={values.email}
          invalid={Boolean(error('email'))}
          onChange={({ detail }) => onChange({ email: detail.value })}
        />
      </FormField>
      {matches.length > 0 && (
        <Box>
          <SpaceBetween size="xs">
            {matches.map((match) => (
              <Button key={match.parentId} onClick={() => onChange({ mode: 'existing', parentId: match.parentId })}>
                {t('progression.newStudents.useMatch', { name: fullName(match) })}
              </Button>
            ))}
          </SpaceBetween>
        </Box>
      )}
      <FormField label={label('phone', false)} errorText={error('phone')} constraintText={error('phone') ? undefined : t('updateForm.phoneHint')}>
        <Input
          value={values.phone}
          inputMode="tel"
          invalid={Boolean(error('phone'))}
          onChange={({ detail }) => onChange({ phone: detail.value })}
          onBlur={() => onChange({ phone: formatOnBlur('phone', values.phone) })}
        />
      </FormField>
      {text('street', addressRequired)}
      <ColumnLayout columns={2}>
        {text('city', addressRequired)}
        <FormField label={label('postalCode', addressRequired)} errorText={error('postalCode')} constraintText={t('updateForm.postalCodeHint')}>
          <Input
            value={values.postalCode}
            invalid={Boolean(error('postalCode'))}
            onChange={({ detail }) => onChange({ postalCode: detail.value })}
            onBlur={() => onChange({ postalCode: formatOnBlur('postalCode', values.postalCode) })}
          />
        </FormField>
      </ColumnLayout>
      <Box variant="small" color="text-body-secondary">{t('updateForm.addressHint')}</Box>
      <PreferredLanguageField
        value={values.preferredLanguage as Language}
        onChange={(preferredLanguage) => onChange({ preferredLanguage })}
      />
    </SpaceBetween>
  );
}

/** One parent of a new student: an existing parent (searchable) or a new one (required fields marked *). */
export function ParentFields(props: FieldsProps) {
  const { slot, values, errors, parentOptions, onChange } = props;
  const { t } = useTranslation();
  const { error } = fieldText(t, slot, errors);
  const selected = parentOptions.find((option) => option.value === values.parentId) ?? null;

  return (
    <SpaceBetween size="m">
      <FormField label={`${t('progression.newStudents.parentMode')} *`}>
        <RadioGroup
          value={values.mode}
          onChange={({ detail }) => onChange({ mode: detail.value as ParentValues['mode'] })}
          items={[
            { value: 'existing', label: t('progression.newStudents.existing') },
            { value: 'new', label: t('progression.newStudents.new') },
          ]}
        />
      </FormField>
      {values.mode === 'existing' ? (
        <FormField label={`${t('progression.newStudents.chooseParent')} *`} errorText={error('parentId')}>
          <Select
            selectedOption={selected}
            options={parentOptions}
            filteringType="auto"
            filteringPlaceholder={t('progression.newStudents.searchParent')}
            placeholder={t('progression.newStudents.chooseParentPlaceholder')}
            empty={t('progression.newStudents.noParent')}
            virtualScroll={parentOptions.length > 200}
            invalid={Boolean(error('parentId'))}
            ariaRequired
            onChange={({ detail }) => onChange({ parentId: detail.selectedOption.value ?? '' })}
          />
        </FormField>
      ) : (
        <NewParentFields {...props} />
      )}
    </SpaceBetween>
  );
}
