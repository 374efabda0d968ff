import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { RECENT_SIGN_UP_DAYS } from '@shared/rules/committee-sign-ups';
import { COMMITTEE_KIND_LABELS } from '@shared/rules/import-values';
import { COMMITTEE_KINDS } from '@shared/schemas/committee';
import { COMMITTEE_ROLE_CODES, COMMITTEE_ROLES, type CommitteeRole } from '@shared/schemas/committee-roles';
import { STAFF_DEPARTMENT_CODES, STAFF_DEPARTMENTS } from '@shared/schemas/staff';
import { STAFF_NOTE_MAX_LENGTH } from '@shared/schemas/student';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { characterCount } from '../../../lib/number-format';
import { formatOnBlur } from '../../../lib/parent-form/form-values';
import type { AdminDirectory } from '../api/admin-data-client';
import { useSaveRecord } from '../api/admin-data-queries';
import {
  duplicateMembers,
  ENTITY_PATH,
  recordsOf,
  serverFieldErrors,
  validateRecord,
  type ClassValues,
  type CommitteeValues,
  type EntityFieldErrors,
  type FormKind,
  type StaffValues,
  type StudentValues,
  type ValuesOf,
  unplacedFields,
} from '../model/entity-edit';
import { EditFormFrame, useInvalidText } from './edit-form-frame';
import { useErrorText } from './use-admin-data';
import { ApiError } from '../../../lib/api/api-client';

interface Option {
  value: string;
  label: string;
  description?: string;
}

interface FieldsProps<V> {
  values: V;
  change: (patch: Partial<V>) => void;
  directory: AdminDirectory;
  /** A field's label, with ` *` when required. */
  label: (field: string, required?: boolean) => string;
  /** A field's message, or undefined. */
  err: (field: string) => string | undefined;
}

/**
 * The one add/edit form of the edit tab for staff, students, classes and committees (parents keep the update
 * form's sections, parent-edit-form.tsx): the shell (save, cancel, messages, 409 with a reload) is shared; each
 * kind brings its fields. Values are checked with the server's own schema before sending; the server's own
 * refusals (an id that names nothing, a duplicate code) land on their fields.
 */
export function RecordForm<K extends FormKind>({ kind, recordId, version, title, initial, directory, onSaved, onCancel, onReload }: {
  kind: K;
  /** Absent when adding. */
  recordId?: string;
  version?: number;
  title: string;
  initial: ValuesOf[K];
  directory: AdminDirectory;
  onSaved: (name: string) => void;
  onCancel: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const saveRecord = useSaveRecord();
  const errorText = useErrorText();
  const invalidText = useInvalidText();
  const [values, setValues] = useState<ValuesOf[K]>(initial);
  const [errors, setErrors] = useState<EntityFieldErrors>({});
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  const change = (patch: Partial<ValuesOf[K]>) => setValues((current) => ({ ...current, ...patch }));

  const save = async () => {
    setProblem(null);
    const checked = validateRecord(kind, values);
    const extra: EntityFieldErrors =
      kind === 'committee' && duplicateMembers((values as CommitteeValues).members) ? { members: 'duplicate' } : {};
    if (!checked.ok || Object.keys(extra).length > 0) {
      const errors = { ...extra, ...(checked.ok ? {} : checked.errors) };
      setErrors(errors);
      setProblem({ message: invalidText(unplacedFields(kind, errors)), conflict: false });
      return;
    }
    setErrors({});
    try {
      const body = recordId ? { ...checked.input, version } : checked.input;
      await saveRecord.mutateAsync({ segment: ENTITY_PATH[kind], id: recordId, input: body });
      onSaved(nameOf(kind, values));
    } catch (error) {
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        const errors = serverFieldErrors((error.body as { error?: { fields?: { path: string; issue: string }[] } })?.error?.fields ?? []);
        setErrors(errors);
        // A refusal on a value no field shows is named, never a bare "check the form".
        const unplaced = unplacedFields(kind, errors);
        if (unplaced.length > 0) {
          setProblem({ message: invalidText(unplaced), conflict: false });
          return;
        }
      }
      setProblem({ message: conflict ? t('adminData.edit.conflict') : errorText(error), conflict });
    }
  };

  const label = (field: string, required = false) => `${t(`adminData.form.fields.${field}`)}${required ? ' *' : ''}`;
  const err = (field: string) => (errors[field] ? t(`adminData.form.errors.${errors[field]}`) : undefined);
  const props: unknown = { values, change, directory, label, err };
  const fields: Record<FormKind, () => ReactNode> = {
    staff: () => <StaffFields {...(props as unknown as FieldsProps<StaffValues>)} />,
    student: () => <StudentFields {...(props as unknown as FieldsProps<StudentValues>)} />,
    class: () => <ClassFields {...(props as unknown as FieldsProps<ClassValues>)} />,
    committee: () => <CommitteeFields {...(props as unknown as FieldsProps<CommitteeValues>)} />,
  };
  return (
    <EditFormFrame
      title={title}
      problem={problem}
      saving={saveRecord.isPending}
      dirty={JSON.stringify(values) !== JSON.stringify(initial)}
      onSave={save}
      onCancel={onCancel}
      onReload={onReload}
    >
      <Container>{fields[kind]()}</Container>
    </EditFormFrame>
  );
}

/** The name said in the success message. */
function nameOf(kind: FormKind, values: ValuesOf[FormKind]): string {
  if (kind === 'class') return (values as ClassValues).name.trim();
  if (kind === 'committee') return (values as CommitteeValues).nameFr.trim();
  const person = values as StaffValues | StudentValues;
  return `${person.firstName.trim()} ${person.lastName.trim()}`;
}

/** A text field bound to a string value. */
function TextField<V>({ field, required, p, input }: {
  field: keyof V & string;
  required?: boolean;
  p: FieldsProps<V>;
  input?: Partial<InputProps>;
}) {
  return (
    <FormField label={p.label(field, required)} errorText={p.err(field)}>
      <Input
        value={p.values[field] as string}
        ariaRequired={required}
        invalid={Boolean(p.err(field))}
        onChange={({ detail }) => p.change({ [field]: detail.value } as Partial<V>)}
        {...input}
      />
    </FormField>
  );
}

/** One record chosen among options (filterable); `none` adds an empty choice. */
function PickOne({ label, error, value, options, onChange, none, description }: {
  label: string;
  error?: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  none?: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const all = none !== undefined ? [{ value: '', label: none }, ...options] : options;
  return (
    <FormField label={label} errorText={error} description={description}>
      <Select
        selectedOption={all.find((option) => option.value === value) ?? null}
        options={all}
        filteringType="auto"
        placeholder={t('adminData.form.choose')}
        invalid={Boolean(error)}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
}

/** Several records chosen among options (filterable). */
function PickMany({ label, error, values, options, onChange, description }: {
  label: string;
  error?: string;
  values: readonly string[];
  options: Option[];
  onChange: (values: string[]) => void;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={label} errorText={error} description={description}>
      <Multiselect
        selectedOptions={values.map((id) => options.find((option) => option.value === id) ?? { value: id, label: id })}
        options={options}
        filteringType="auto"
        placeholder={t('adminData.form.choose')}
        invalid={Boolean(error)}
        tokenLimit={4}
        deselectAriaLabel={(option) => t('adminData.form.removeOne', { name: option.label ?? '' })}
        onChange={({ detail }) => onChange(detail.selectedOptions.map((option) => option.value ?? ''))}
      />
    </FormField>
  );
}

function useOptions(directory: AdminDirectory) {
  const lang = useLanguage();
  const toOptions = (kind: 'parent' | 'staff' | 'class') =>
    recordsOf(directory, kind, lang).map(({ id, name, detail }) => ({ value: id, label: name, ...(detail ? { description: detail } : {}) }));
  const levels = (directory.settings?.levels ?? []).map((level) => ({ value: level.code, label: level.label[lang] }));
  return { lang, toOptions, levels };
}

function StaffFields(p: FieldsProps<StaffValues>) {
  const lang = useLanguage();
  const departments = STAFF_DEPARTMENT_CODES.map((code) => ({ value: code, label: STAFF_DEPARTMENTS[code][lang] }));
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <TextField p={p} field="firstName" required />
        <TextField p={p} field="lastName" required />
        <TextField p={p} field="email" input={{ type: 'email', inputMode: 'email' }} />
        <TextField
          p={p}
          field="phone"
          input={{ inputMode: 'tel', onBlur: () => p.change({ phone: formatOnBlur('phone', p.values.phone) }) }}
        />
        <TextField p={p} field="titleFr" required />
        <TextField p={p} field="titleEn" required />
      </ColumnLayout>
      <PickOne
        label={p.label('department', true)}
        error={p.err('department')}
        value={p.values.department}
        options={departments}
        onChange={(department) => p.change({ department: department as StaffValues['department'] })}
      />
    </SpaceBetween>
  );
}

function StudentFields(p: FieldsProps<StudentValues>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { toOptions, levels } = useOptions(p.directory);
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <TextField p={p} field="firstName" required />
        <TextField p={p} field="lastName" required />
        <PickOne label={p.label('level', true)} error={p.err('level')} value={p.values.level} options={levels} onChange={(level) => p.change({ level })} />
        <PickOne label={p.label('classId', true)} error={p.err('classId')} value={p.values.classId} options={toOptions('class')} onChange={(classId) => p.change({ classId })} />
      </ColumnLayout>
      <PickMany
        label={p.label('parentIds')}
        description={t('adminData.form.parentsHint')}
        error={p.err('parentIds')}
        values={p.values.parentIds}
        options={toOptions('parent')}
        onChange={(parentIds) => p.change({ parentIds })}
      />
      <FormField
        label={p.label('staffNote')}
        description={t('adminData.form.staffNoteHint')}
        // The count as the administrator types: the limit is seen before the save refuses.
        constraintText={characterCount(p.values.staffNote.length, STAFF_NOTE_MAX_LENGTH, lang)}
        errorText={p.err('staffNote')}
      >
        <Textarea
          value={p.values.staffNote}
          invalid={Boolean(p.err('staffNote'))}
          onChange={({ detail }) => p.change({ staffNote: detail.value })}
        />
      </FormField>
    </SpaceBetween>
  );
}

function ClassFields(p: FieldsProps<ClassValues>) {
  const { t } = useTranslation();
  const { toOptions, levels } = useOptions(p.directory);
  // The teacher chosen already has another class: said, since saving makes them the homeroom teacher of both (a
  // trial's choice did so silently).
  const code = p.values.code.trim().toUpperCase();
  const alsoTeaches = p.values.teacherId
    ? p.directory.classes.filter((c) => c.teacherId === p.values.teacherId && c.code.toUpperCase() !== code).map((c) => c.name)
    : [];
  const staff = toOptions('staff');
  const teacherName = staff.find((option) => option.value === p.values.teacherId)?.label ?? '';
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <TextField p={p} field="code" required />
        <TextField p={p} field="name" required />
      </ColumnLayout>
      <PickMany label={p.label('levels', true)} error={p.err('levels')} values={p.values.levels} options={levels} onChange={(chosen) => p.change({ levels: chosen })} />
      <PickOne
        label={p.label('teacherId')}
        error={p.err('teacherId')}
        value={p.values.teacherId}
        options={staff}
        none={t('adminData.form.noTeacher')}
        onChange={(teacherId) => p.change({ teacherId })}
        description={alsoTeaches.length ? t('adminData.form.teacherOfOther', { name: teacherName, classes: alsoTeaches.join(', '), count: alsoTeaches.length }) : undefined}
      />
      <PickMany
        label={p.label('parentRepresentativeIds')}
        error={p.err('parentRepresentativeIds')}
        values={p.values.parentRepresentativeIds}
        options={toOptions('parent')}
        onChange={(parentRepresentativeIds) => p.change({ parentRepresentativeIds })}
      />
    </SpaceBetween>
  );
}

/** A seat the parent took through the form: its date, and "new" within the dashboard's window (30 days). */
export function SignUpMark({ at }: { at: string }) {
  const { t } = useTranslation();
  const isNew = Date.now() - Date.parse(at) < RECENT_SIGN_UP_DAYS * 24 * 60 * 60 * 1000;
  // A sentence: the long date (docs/product-rules.md, "Québec conventions"), the day the parent signed up.
  const date = formatLongDate(at, useLanguage());
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {isNew && <Badge color="green">{t('adminData.form.newSignUp')}</Badge>}
      <Box variant="small" color="text-body-secondary">{t('adminData.form.signedUpOn', { date })}</Box>
    </SpaceBetween>
  );
}

function CommitteeFields(p: FieldsProps<CommitteeValues>) {
  const { t } = useTranslation();
  const { lang, toOptions } = useOptions(p.directory);
  const nameOnly = new Set(p.directory.parents.filter((parent) => parent.participation === 'nameOnly').map((parent) => parent.id));
  // A person is `PARENT:id` or `STAFF:id`; a name-only parent cannot sit on a committee (docs/product-rules.md).
  const tagged = (option: Option, type: 'PARENT' | 'STAFF') => ({
    ...option,
    value: `${type}:${option.value}`,
    description: [t(`adminData.edit.kind.${type === 'PARENT' ? 'parent' : 'staff'}`), option.description].filter(Boolean).join(' · '),
  });
  const people: Option[] = [
    ...toOptions('parent').filter((option) => !nameOnly.has(option.value)).map((option) => tagged(option, 'PARENT')),
    ...toOptions('staff').map((option) => tagged(option, 'STAFF')),
  ];
  const roles = COMMITTEE_ROLE_CODES.map((code) => ({ value: code, label: COMMITTEE_ROLES[code].label[lang] }));
  const kinds = COMMITTEE_KINDS.map((kind) => ({ value: kind, label: COMMITTEE_KIND_LABELS[kind][lang] }));
  const setMember = (index: number, patch: Partial<CommitteeValues['members'][number]>) =>
    p.change({ members: p.values.members.map((member, i) => (i === index ? { ...member, ...patch } : member)) });
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <TextField p={p} field="nameFr" required />
        <TextField p={p} field="nameEn" required />
      </ColumnLayout>
      <PickOne label={p.label('kind', true)} error={p.err('kind')} value={p.values.kind} options={kinds} onChange={(kind) => p.change({ kind: kind as CommitteeValues['kind'] })} />
      <FormField label={p.label('openToSignUps')} description={t('adminData.form.openToSignUpsHint')}>
        <Toggle checked={p.values.openToSignUps} onChange={({ detail }) => p.change({ openToSignUps: detail.checked })}>
          {t(p.values.openToSignUps ? 'adminData.form.signUpsOpen' : 'adminData.form.signUpsClosed')}
        </Toggle>
      </FormField>
      <FormField label={p.label('members')} errorText={p.err('members')} stretch>
        <SpaceBetween size="s">
          {p.values.members.length === 0 && <span>{t('adminData.form.noMembers')}</span>}
          {p.values.members.map((member, index) => (
            <div key={index} style={{ borderBottom: '1px solid var(--color-border-divider-default, #e9ebed)', paddingBottom: 8 }}>
              <ColumnLayout columns={2}>
                <PickOne
                  label={t('adminData.form.personN', { n: index + 1 })}
                  value={member.personId ? `${member.personType}:${member.personId}` : ''}
                  options={people}
                  onChange={(value) => {
                    const [personType, personId] = value.split(':') as ['PARENT' | 'STAFF', string];
                    setMember(index, { personType, personId });
                  }}
                />
                <PickOne
                  label={t('adminData.form.roleN', { n: index + 1 })}
                  value={member.role}
                  options={roles}
                  onChange={(role) => setMember(index, { role: role as CommitteeRole })}
                />
              </ColumnLayout>
              {member.signedUpAt && <SignUpMark at={member.signedUpAt} />}
              <Button
                formAction="none"
                variant="inline-link"
                onClick={() => p.change({ members: p.values.members.filter((_, i) => i !== index) })}
              >
                {t('adminData.form.removeMemberN', { n: index + 1 })}
              </Button>
            </div>
          ))}
          <Button
            formAction="none"
            iconName="add-plus"
            onClick={() => p.change({ members: [...p.values.members, { personType: 'PARENT', personId: '', role: 'member' as CommitteeRole }] })}
          >
            {t('adminData.form.addMember')}
          </Button>
        </SpaceBetween>
      </FormField>
      <OtherMembersField p={p} roles={roles} />
    </SpaceBetween>
  );
}

/**
 * The members who are neither parents nor staff (a community representative on the board, a neighbourhood merchant):
 * first and last name, role and affiliation. A trial's administrator could not add, change or remove them here (only
 * by a file), though the Committees screen lists them.
 */
function OtherMembersField({ p, roles }: { p: FieldsProps<CommitteeValues>; roles: Option[] }) {
  const { t } = useTranslation();
  const others = p.values.otherMembers;
  const setOther = (index: number, patch: Partial<CommitteeValues['otherMembers'][number]>) =>
    p.change({ otherMembers: others.map((other, i) => (i === index ? { ...other, ...patch } : other)) });
  const text = (index: number, field: 'firstName' | 'lastName' | 'affiliation', required: boolean) => (
    <FormField label={`${t(`adminData.form.other.${field}`, { n: index + 1 })}${required ? ' *' : ''}`}>
      <Input value={others[index]![field] ?? ''} onChange={({ detail }) => setOther(index, { [field]: detail.value })} />
    </FormField>
  );
  return (
    <FormField label={p.label('otherMembers')} description={t('adminData.form.other.hint')} errorText={p.err('otherMembers')} stretch>
      <SpaceBetween size="s">
        {others.map((other, index) => (
          <div key={index} style={{ borderBottom: '1px solid var(--color-border-divider-default, #e9ebed)', paddingBottom: 8 }}>
            <ColumnLayout columns={2}>
              {text(index, 'firstName', true)}
              {text(index, 'lastName', true)}
              <PickOne label={t('adminData.form.roleN', { n: index + 1 })} value={other.role} options={roles} onChange={(role) => setOther(index, { role: role as CommitteeRole })} />
              {text(index, 'affiliation', false)}
            </ColumnLayout>
            <Button formAction="none" variant="inline-link" onClick={() => p.change({ otherMembers: others.filter((_, i) => i !== index) })}>
              {`${other.firstName} ${other.lastName}`.trim()
                ? t('adminData.form.other.remove', { name: `${other.firstName} ${other.lastName}`.trim() })
                : t('adminData.form.other.removeN', { n: index + 1 })}
            </Button>
          </div>
        ))}
        <Button
          formAction="none"
          iconName="add-plus"
          onClick={() => p.change({ otherMembers: [...others, { firstName: '', lastName: '', role: 'member' as CommitteeRole }] })}
        >
          {t('adminData.form.other.add')}
        </Button>
      </SpaceBetween>
    </FormField>
  );
}
