import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Language } from '@shared/schemas/common';
import { PARTICIPATION_LEVELS, type Participation, type Parent } from '@shared/schemas/parent';
import { PRESET_AUDIENCES, initialPrivacy } from '@shared/rules/visibility';
import { useLanguage } from '../../../lib/use-language';
import { AddressSection, AudienceFields, InterestsSection, type AdminWording } from '../../../components/parent-form/form-sections';
import { FIELD_MAX_LENGTH, formatOnBlur } from '../../../lib/parent-form/form-values';
import { useFieldErrorText } from '../../../lib/parent-form/use-error-text';
import { privacyValues, type AdminParentErrors, type AdminParentValues } from '../model/parent-edit';
import { EditFormFrame } from './edit-form-frame';
import { ConsentLog } from '../../../components/privacy/consent-log';
import { FocusOnMount } from '../../../components/page/focus-on-mount';
import { useParentConsentLog } from '../api/admin-data-queries';
import { SafetyRestrictionSection } from './safety-restriction-section';
import { useParentEdit } from './use-parent-edit';

/** The parent's own details: names, email (editable here), phone, language and participation. */
function PersonalSection({ values, errors, change }: {
  values: AdminParentValues;
  errors: AdminParentErrors;
  change: (patch: Partial<AdminParentValues>) => void;
}) {
  const { t } = useTranslation();
  const label = (key: string, required = false) => `${t(`updateForm.fields.${key}`)}${required ? ' *' : ''}`;
  const errorText = useFieldErrorText();
  const err = (key: keyof AdminParentErrors) =>
    key === 'email' ? (errors.email ? t('adminData.edit.invalidEmail') : undefined) : errorText(errors[key], FIELD_MAX_LENGTH[key]);
  const participationOptions = PARTICIPATION_LEVELS.map((level) => ({
    value: level,
    label: t(`updateForm.participation.${level}.label`),
  }));
  return (
    <Container header={<Header variant="h3">{t('updateForm.sections.personal')}</Header>}>
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField label={label('firstName', true)} errorText={err('firstName')}>
            <Input value={values.firstName} ariaRequired invalid={Boolean(errors.firstName)} onChange={({ detail }) => change({ firstName: detail.value })} />
          </FormField>
          <FormField label={label('lastName', true)} errorText={err('lastName')}>
            <Input value={values.lastName} ariaRequired invalid={Boolean(errors.lastName)} onChange={({ detail }) => change({ lastName: detail.value })} />
          </FormField>
        </ColumnLayout>
        <FormField label={label('email')} errorText={err('email')} constraintText={t('adminData.edit.emailHint')}>
          <Input type="email" inputMode="email" value={values.email} invalid={Boolean(errors.email)} onChange={({ detail }) => change({ email: detail.value })} />
        </FormField>
        <FormField label={label('phone')} errorText={err('phone')} constraintText={err('phone') ? undefined : t('updateForm.phoneHint')}>
          <Input
            inputMode="tel"
            value={values.phone}
            invalid={Boolean(errors.phone)}
            onChange={({ detail }) => change({ phone: detail.value })}
            onBlur={() => change({ phone: formatOnBlur('phone', values.phone) })}
          />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField label={label('preferredLanguage', true)}>
            <Select
              selectedOption={{ value: values.preferredLanguage, label: values.preferredLanguage === 'fr' ? 'Français' : 'English' }}
              options={[{ value: 'fr', label: 'Français' }, { value: 'en', label: 'English' }]}
              onChange={({ detail }) => change({ preferredLanguage: detail.selectedOption.value as Language })}
            />
          </FormField>
          <FormField label={`${t('adminData.edit.participation')} *`}>
            <Select
              selectedOption={participationOptions.find((option) => option.value === values.participation) ?? null}
              options={participationOptions}
              onChange={({ detail }) => {
                // A new participation applies its preset: the parent's own adjustments were for the old one.
                const participation = detail.selectedOption.value as Participation;
                change({ participation, audiences: { ...PRESET_AUDIENCES[participation] } });
              }}
            />
          </FormField>
        </ColumnLayout>
        {values.participation === 'nameOnly' && <Box variant="small">{t('adminData.edit.nameOnlyNotice')}</Box>}
      </SpaceBetween>
    </Container>
  );
}

/** Parents of the same name already in the directory: said before the save, which goes through once confirmed. */
function SameNameWarning({ parents, onConfirm }: { parents: readonly Parent[]; onConfirm: () => void }) {
  const { t } = useTranslation();
  const names = parents.map((p) => `${p.firstName} ${p.lastName}${p.email ? ` (${p.email})` : ''}`).join(', ');
  return (
    <FocusOnMount>
      <Alert
        type="warning"
        header={t('adminData.edit.sameNameTitle', { count: parents.length })}
        action={
          <Button formAction="none" onClick={onConfirm}>
            {t('adminData.edit.sameNameSave')}
          </Button>
        }
      >
        {t('adminData.edit.sameNameBody', { names })}
      </Alert>
    </FocusOnMount>
  );
}

/** Where a parent created without a choice on file starts (initialPrivacy): the form does not call it custom. */
const PRIVATE_START = privacyValues(initialPrivacy());

/** The parent's consent log, for administrators. */
function ParentConsentLog({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const log = useParentConsentLog(parentId);
  return <ConsentLog log={log} description={t('consentLog.adminDescription')} headingLevel="h3" />;
}

/**
 * An administrator adds or edits a parent: the update form's sections and rules, the email editable. Saving sends
 * the whole record with the version read; a change made meanwhile (409) is explained with a reload.
 */
export function ParentEditForm({ parent, parents, onSaved, onCancel, onReload }: {
  /** Absent when adding a parent. */
  parent?: Parent;
  /** Every parent: the households a safety restriction may name. */
  parents: readonly Parent[];
  onSaved: (saved: Parent) => void;
  onCancel: () => void;
  /** Reloads the directory and this parent (after a conflict). */
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { values, errors, saving, problem, sameName, dirty, change, save } = useParentEdit(parent, parents, onSaved);
  // The sections speak to the administrator about the parent (« the parent's name », not « your name »).
  const forAdmin: AdminWording = {
    interestsTitle: t('adminData.edit.parentInterestsTitle'),
    interestsPlaceholder: t('adminData.edit.parentInterestsPlaceholder'),
    audienceClasses: t('adminData.edit.parentAudienceClasses'),
    visibilityDescription: t('adminData.edit.parentVisibilityDescription'),
    privateByDefault: t('adminData.edit.privateByDefault'),
  };
  const sectionProps = { values, errors, lang, onChange: change, forAdmin };
  return (
    <EditFormFrame
      title={parent ? t('adminData.edit.parentTitle', { name: `${parent.firstName} ${parent.lastName}` }) : t('adminData.form.addTitle.parent')}
      problem={problem}
      saving={saving}
      dirty={dirty}
      onSave={() => save()}
      onCancel={onCancel}
      onReload={onReload}
    >
      {sameName.length > 0 && <SameNameWarning parents={sameName} onConfirm={() => void save(true)} />}
      <PersonalSection values={values} errors={errors} change={change} />
      {values.participation !== 'nameOnly' && (
        <Container>
          <AudienceFields {...sectionProps} privateByDefault={PRIVATE_START} />
        </Container>
      )}
      <AddressSection {...sectionProps} />
      <InterestsSection {...sectionProps} />
      {parent && <SafetyRestrictionSection parent={parent} parents={parents} onSaved={onSaved} />}
      {parent && <ParentConsentLog parentId={parent.id} />}
    </EditFormFrame>
  );
}
