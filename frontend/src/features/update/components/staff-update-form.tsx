import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { StaffForm } from '@shared/rules/staff-form';
import { STAFF_DEPARTMENT_CODES, type StaffDepartment } from '@shared/schemas/staff';
import type { Language } from '@shared/schemas/common';
import { departmentLabel } from '../../../lib/directory/labels';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useLanguage } from '../../../lib/use-language';
import type { useStaffForm } from '../hooks/use-staff-form';

type StaffFormState = ReturnType<typeof useStaffForm>;

/** The read-only part: who this is, the email the school holds, the classes taught (the office assigns them). */
function StaffIdentity({ form }: { form: StaffForm }) {
  const { t } = useTranslation();
  const { staff, classes } = form;
  return (
    <SpaceBetween size="xs">
      <Box variant="h3">{`${staff.firstName} ${staff.lastName}`}</Box>
      {staff.email && <Box>{t('staffUpdate.form.email', { email: staff.email })}</Box>}
      <Box variant="awsui-key-label">{t('staffUpdate.form.classes')}</Box>
      <Box data-testid="staff-classes">
        {classes.length > 0 ? classes.map((c) => c.name).join(', ') : t('staffUpdate.form.noClasses')}
      </Box>
      <Box variant="small">{t('staffUpdate.form.readOnlyHint')}</Box>
    </SpaceBetween>
  );
}

/** A staff member's form through their emailed link (docs/annual-update.md, "Staff"). */
export function StaffUpdateForm({ form, state }: { form: StaffForm; state: StaffFormState }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { values, errors, problem, submitting, change } = state;
  const invalidFocus = useFocusFirstInvalid<HTMLFormElement>();
  if (!values) return null;
  const error = (field: keyof typeof errors) =>
    errors[field] ? t(errors[field] === 'invalid_extension' ? 'staffUpdate.form.extensionInvalid' : 'staffUpdate.form.required') : undefined;
  const department = (code: StaffDepartment) => ({ value: code, label: departmentLabel(code, lang) });
  return (
    <form ref={invalidFocus.ref} onSubmit={(event) => { event.preventDefault(); void state.submit().then(invalidFocus.afterSubmit); }}>
      <Form
        actions={<Button variant="primary" formAction="submit" loading={submitting}>{t('staffUpdate.form.submit')}</Button>}
        errorText={problem ? t(`staffUpdate.messages.${problem}`) : undefined}
      >
        <SpaceBetween size="l">
          {problem === 'conflict' && <Alert type="warning">{t('staffUpdate.messages.conflict')}</Alert>}
          <Container header={<Header variant="h2">{t('staffUpdate.form.title')}</Header>}>
            <SpaceBetween size="l">
              <StaffIdentity form={form} />
              <FormField label={t('staffUpdate.form.titleFr')} errorText={error('titleFr')}>
                <Input value={values.titleFr} onChange={({ detail }) => change('titleFr', detail.value)} />
              </FormField>
              <FormField label={t('staffUpdate.form.titleEn')} errorText={error('titleEn')}>
                <Input value={values.titleEn} onChange={({ detail }) => change('titleEn', detail.value)} />
              </FormField>
              <FormField label={t('staffUpdate.form.department')} errorText={error('department')}>
                <Select
                  selectedOption={department(values.department)}
                  options={STAFF_DEPARTMENT_CODES.map(department)}
                  onChange={({ detail }) => change('department', detail.selectedOption.value as StaffDepartment)}
                />
              </FormField>
              <FormField
                label={t('staffUpdate.form.extension')}
                constraintText={t('staffUpdate.form.extensionHint')}
                errorText={error('extension')}
              >
                <Input value={values.extension} inputMode="numeric" onChange={({ detail }) => change('extension', detail.value)} />
              </FormField>
              <FormField label={t('staffUpdate.form.emailShown')} description={t('staffUpdate.form.emailShownHint')}>
                <Checkbox checked={values.showEmail} onChange={({ detail }) => change('showEmail', detail.checked)}>
                  {t('staffUpdate.form.showEmail')}
                </Checkbox>
              </FormField>
              <FormField label={t('staffUpdate.form.language')}>
                <RadioGroup
                  value={values.preferredLanguage}
                  onChange={({ detail }) => change('preferredLanguage', detail.value as Language)}
                  items={[
                    { value: 'fr', label: t('staffUpdate.form.languageFr') },
                    { value: 'en', label: t('staffUpdate.form.languageEn') },
                  ]}
                />
              </FormField>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
