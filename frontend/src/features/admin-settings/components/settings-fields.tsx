import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LEVEL_FIELDS_ON_FORM, type SettingsLevelInput } from '@shared/contracts/school-settings-api';
import { formatPhone } from '@shared/format/phone';
import { SCHOOL_NAME_MAX_LENGTH } from '@shared/schemas/settings';
import { useLanguage } from '../../../lib/use-language';
import { emptyLevel, graduatingLevelOptions, usesOfRow, type LevelHolders, type SettingsForm } from '../model/settings-form';
import { formatCount } from '../../../lib/number-format';

type SchoolField = 'schoolName' | 'schoolYear' | 'email' | 'phone' | 'street' | 'city' | 'postalCode';

export interface FieldsProps {
  form: SettingsForm;
  onChange: (form: SettingsForm) => void;
  /** The error sentence of a form path (`schoolName`, `levels.2.levelFr`, `levels`), if any. */
  errorOf: (path: string) => string | undefined;
}

function TextField({ field, form, onChange, errorOf, hint }: FieldsProps & { field: SchoolField; hint?: string }) {
  const { t } = useTranslation();
  // The phone, on leaving the field, as it is shown everywhere (`5145550100` -> `514 555-0100`).
  const onBlur = field === 'phone' ? () => onChange({ ...form, phone: formatPhone(form.phone.trim()) }) : undefined;
  return (
    <FormField label={t(`schoolSettings.fields.${field}`)} errorText={errorOf(field)} constraintText={hint}>
      <Input
        value={form[field]}
        onChange={({ detail }) => onChange({ ...form, [field]: detail.value })}
        {...(onBlur ? { onBlur, inputMode: 'tel' as const } : {})}
      />
    </FormField>
  );
}

/** Name, school year, the grades each class hosts, the graduating level. */
export function SchoolFields(props: FieldsProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { form, onChange, errorOf } = props;
  const structures = (['singleGrade', 'multiGrade'] as const).map((value) => ({ value, label: t(`schoolSettings.structure.${value}`) }));
  const levels = graduatingLevelOptions(form.levels, t('schoolSettings.graduatingLast'), lang);
  return (
    <Container header={<Header variant="h2">{t('schoolSettings.sections.school')}</Header>}>
      <ColumnLayout columns={2}>
        <TextField {...props} field="schoolName" hint={t('schoolSettings.hints.schoolName', { max: SCHOOL_NAME_MAX_LENGTH })} />
        <TextField {...props} field="schoolYear" hint={t('schoolSettings.hints.schoolYear')} />
        <FormField label={t('schoolSettings.fields.classStructure')} errorText={errorOf('classStructure')} description={t('schoolSettings.hints.classStructure')}>
          <Select
            selectedOption={structures.find((o) => o.value === form.classStructure) ?? null}
            options={structures}
            onChange={({ detail }) => onChange({ ...form, classStructure: detail.selectedOption.value as SettingsForm['classStructure'] })}
          />
        </FormField>
        <FormField label={t('schoolSettings.fields.graduatingLevel')} errorText={errorOf('graduatingLevel')}>
          <Select
            selectedOption={levels.find((o) => o.value === form.graduatingLevel.trim().toUpperCase()) ?? levels[0]!}
            options={levels}
            onChange={({ detail }) => onChange({ ...form, graduatingLevel: detail.selectedOption.value ?? '' })}
          />
        </FormField>
      </ColumnLayout>
    </Container>
  );
}

/** The school's contact details (shown on the home page). */
export function ContactFields(props: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('schoolSettings.hints.contact')}>{t('schoolSettings.sections.contact')}</Header>}>
      <ColumnLayout columns={2}>
        <TextField {...props} field="email" />
        <TextField {...props} field="phone" hint={t('schoolSettings.hints.phone')} />
        <TextField {...props} field="street" />
        <TextField {...props} field="city" />
        <TextField {...props} field="postalCode" hint={t('schoolSettings.hints.postalCode')} />
      </ColumnLayout>
    </Container>
  );
}

/**
 * The levels, in school order: code, names and short names in both languages. A level a class or a student still
 * holds (`uses`, from the directory: levelUses) cannot be removed, as the server would refuse: its « Retirer » is
 * disabled, with the reason under its code and on the button. Until the directory is there, the server alone says so.
 */
export function LevelFields({ form, onChange, errorOf, uses }: FieldsProps & { uses?: ReadonlyMap<string, LevelHolders> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const setLevel = (index: number, level: SettingsLevelInput) => onChange({ ...form, levels: form.levels.map((l, i) => (i === index ? level : l)) });
  // « Attribué à 4 classes et 42 élèves », « … à 1 classe », « … à 3 élèves »: each kind counted apart.
  const inUse = (index: number) => {
    const held = uses ? usesOfRow(form.levels, index, uses) : undefined;
    const parts = held
      ? [
          held.classes > 0 ? t('schoolSettings.levelClasses', { count: held.classes, n: formatCount(held.classes, lang) }) : '',
          held.students > 0 ? t('schoolSettings.levelStudents', { count: held.students, n: formatCount(held.students, lang) }) : '',
        ].filter(Boolean)
      : [];
    if (parts.length === 0) return undefined;
    const holders = parts.length === 2 ? t('schoolSettings.levelHoldersBoth', { classes: parts[0], students: parts[1] }) : parts[0];
    return t('schoolSettings.levelInUse', { holders });
  };
  return (
    <Container header={<Header variant="h2" description={t('schoolSettings.hints.levels')}>{t('schoolSettings.sections.levels')}</Header>}>
      <SpaceBetween size="s">
        {errorOf('levels') && <FormField errorText={errorOf('levels')} />}
        <AttributeEditor
          items={form.levels}
          addButtonText={t('schoolSettings.addLevel')}
          removeButtonText={t('schoolSettings.removeLevel')}
          onAddButtonClick={() => onChange({ ...form, levels: [...form.levels, emptyLevel()] })}
          isItemRemovable={() => form.levels.length > 1}
          customRowActions={({ itemIndex, ref }) => (
            <Button
              ref={ref as Ref<ButtonProps.Ref>}
              formAction="none"
              disabled={!!inUse(itemIndex)}
              disabledReason={inUse(itemIndex)}
              onClick={() => onChange({ ...form, levels: form.levels.filter((_, i) => i !== itemIndex) })}
            >
              {t('schoolSettings.removeLevel')}
            </Button>
          )}
          empty={t('schoolSettings.noLevels')}
          definition={LEVEL_FIELDS_ON_FORM.map((field) => ({
            label: t(`schoolSettings.fields.${field}`),
            errorText: (_item: SettingsLevelInput, index: number) => errorOf(`levels.${index}.${field}`),
            ...(field === 'levelCode' ? { constraintText: (_item: SettingsLevelInput, index: number) => inUse(index) } : {}),
            control: (item: SettingsLevelInput, index: number) => (
              <Input
                value={item[field]}
                ariaLabel={`${t(`schoolSettings.fields.${field}`)} ${index + 1}`}
                onChange={({ detail }) => setLevel(index, { ...item, [field]: detail.value })}
              />
            ),
          }))}
        />
      </SpaceBetween>
    </Container>
  );
}
