import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { NewStudentRequest, ParentLookupMatch, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { sortLevels } from '@shared/format/levels';
import { useLanguage } from '../../../lib/use-language';
import { useNewStudentForm } from '../hooks/use-new-student-form';
import { emptyParent, type NewStudentValues } from '../model/new-student-form';
import { classLabel } from '../model/review-summary';
import { ParentFields } from './parent-fields';

type FormState = ReturnType<typeof useNewStudentForm>;

/** The student's names, level and class (the class list follows the level). */
function StudentSection({ workspace, form }: { workspace: ProgressionWorkspace; form: FormState }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { values, errors, patch } = form;
  const levels = sortLevels(workspace.levels);
  const levelOptions = levels.map((level) => ({ value: level.code, label: level.label[lang] }));
  const classOptions = workspace.classes
    .filter((c) => c.levels.includes(values.level))
    .map((c) => ({ value: c.id, label: classLabel({ levels: workspace.levels, classes: workspace.classes, lang }, c.id) }));
  const studentError = (field: 'firstName' | 'lastName' | 'level' | 'classId') => {
    const code = errors[`student.${field}`];
    return code ? t(`progression.newStudents.errors.${code}`) : undefined;
  };

  return (
    <div data-section="student">
      <Container header={<Header variant="h3">{t('progression.newStudents.student')}</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={2}>
            <FormField label={`${t('updateForm.fields.firstName')} *`} errorText={studentError('firstName')}>
              <Input value={values.firstName} ariaRequired invalid={Boolean(studentError('firstName'))} onChange={({ detail }) => patch({ firstName: detail.value })} />
            </FormField>
            <FormField label={`${t('updateForm.fields.lastName')} *`} errorText={studentError('lastName')}>
              <Input value={values.lastName} ariaRequired invalid={Boolean(studentError('lastName'))} onChange={({ detail }) => patch({ lastName: detail.value })} />
            </FormField>
          </ColumnLayout>
          <ColumnLayout columns={2}>
            <FormField label={`${t('progression.newStudents.level')} *`} errorText={studentError('level')}>
              <Select
                selectedOption={levelOptions.find((o) => o.value === values.level) ?? null}
                options={levelOptions}
                placeholder={t('progression.newStudents.chooseLevel')}
                invalid={Boolean(studentError('level'))}
                ariaRequired
                onChange={({ detail }) => {
                  const level = detail.selectedOption.value ?? '';
                  const keep = workspace.classes.some((c) => c.id === values.classId && c.levels.includes(level));
                  patch({ level, classId: keep ? values.classId : '' });
                }}
              />
            </FormField>
            <FormField label={`${t('progression.newStudents.class')} *`} errorText={studentError('classId')}>
              <Select
                selectedOption={classOptions.find((o) => o.value === values.classId) ?? null}
                options={classOptions}
                placeholder={t('progression.newStudents.chooseClass')}
                empty={t('progression.newStudents.chooseLevelFirst')}
                invalid={Boolean(studentError('classId'))}
                ariaRequired
                onChange={({ detail }) => patch({ classId: detail.selectedOption.value ?? '' })}
              />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </div>
  );
}

/** Parent 2, optional: the box that adds them, then the same fields as parent 1. */
function SecondParentSection({ form, parentOptions }: { form: FormState; parentOptions: SelectProps.Option[] }) {
  const { t } = useTranslation();
  const { values, errors, matches, patch, patchParent } = form;
  return (
    <div data-section="parent2">
      <Container header={<Header variant="h3">{t('progression.newStudents.parent2')}</Header>}>
        <SpaceBetween size="m">
          <Checkbox
            checked={values.hasParent2}
            onChange={({ detail }) => patch({ hasParent2: detail.checked, ...(detail.checked ? {} : { parent2: emptyParent('existing') }) })}
          >
            {t('progression.newStudents.addParent2')}
          </Checkbox>
          {values.hasParent2 ? (
            <ParentFields
              slot="parent2"
              values={values.parent2}
              errors={errors}
              parentOptions={parentOptions}
              matches={matches.parent2 ?? []}
              onChange={(next) => patchParent('parent2', next)}
            />
          ) : (
            <Box color="text-body-secondary">{t('progression.newStudents.parent2Optional')}</Box>
          )}
        </SpaceBetween>
      </Container>
    </div>
  );
}

/**
 * Adds or edits a new student (docs/progression.md): student info, parent 1, optional parent 2, each an
 * existing parent or a new one. Checked in the browser with the API's schema, then by the server (duplicate
 * emails: the form offers the parent who has the email instead).
 */
export function NewStudentForm({ workspace, initial, parentOptions, onSubmit, onCancel, lookup }: {
  workspace: ProgressionWorkspace;
  initial: NewStudentValues;
  parentOptions: SelectProps.Option[];
  /** Resolves to the server's error, if any. */
  onSubmit: (request: NewStudentRequest) => Promise<unknown>;
  onCancel: () => void;
  lookup: (email: string) => Promise<ParentLookupMatch[]>;
}) {
  const { t } = useTranslation();
  const form = useNewStudentForm(initial, onSubmit, lookup);
  const { values, errors, formError, matches, submitting, patchParent, submit } = form;

  return (
    <form onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <Form
        header={<Header variant="h2" description={t('updateForm.requiredLegend')}>{t('progression.newStudents.formTitle')}</Header>}
        errorText={formError}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onCancel}>{t('progression.cancel')}</Button>
            <Button variant="primary" loading={submitting}>{t('progression.newStudents.save')}</Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <StudentSection workspace={workspace} form={form} />
          <div data-section="parent1">
            <Container header={<Header variant="h3">{t('progression.newStudents.parent1')}</Header>}>
              <ParentFields
                slot="parent1"
                values={values.parent1}
                errors={errors}
                parentOptions={parentOptions}
                matches={matches.parent1 ?? []}
                onChange={(next) => patchParent('parent1', next)}
              />
            </Container>
          </div>
          <SecondParentSection form={form} parentOptions={parentOptions} />
        </SpaceBetween>
      </Form>
    </form>
  );
}
