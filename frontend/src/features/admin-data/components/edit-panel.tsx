import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { EmptyState } from '../../../components/directory/empty-state';
import { useLanguage } from '../../../lib/use-language';
import { adminDataApi, type AdminDirectory } from '../api/admin-data-client';
import {
  classValues,
  committeeValues,
  ENTITY_KINDS,
  searchRecords,
  staffValues,
  studentValues,
  type EntityKind,
} from '../model/entity-edit';
import { DeleteRecordModal, type DeleteTarget } from './delete-record-modal';
import { LoadError } from './load-error';
import { ParentEditForm } from './parent-edit-form';
import { RecordForm } from './record-form';
import { useErrorText, useLoad } from './use-admin-data';

/** What the form shows: a record of a kind, or a new one (no id). */
interface Editing {
  kind: EntityKind;
  id?: string;
}

/** The stored record of a kind, with its version (undefined if it is gone). */
function recordOf(data: AdminDirectory, kind: EntityKind, id: string): { id: string; version: number } | undefined {
  const lists: Record<EntityKind, readonly { id: string; version: number }[]> = {
    parent: data.parents,
    student: data.students,
    staff: data.staff ?? [],
    class: data.classes,
    committee: data.committees ?? [],
  };
  return lists[kind].find((record) => record.id === id);
}

/**
 * Find, add, edit and delete every kind of record (parents, students, staff, classes, committees and their
 * members). Records come with their version; a delete is typed `confirm`.
 */
export function EditPanel({ notify }: { notify: (message: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [generation, setGeneration] = useState(0);
  const directory = useLoad(() => adminDataApi.directory(apiBaseUrl), `${generation}`);
  const [kind, setKind] = useState<EntityKind>('parent');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const reload = () => setGeneration((n) => n + 1);
  // Back on the list after a form or a delete (their buttons are gone), focus goes to the search field (issue 8).
  // A layout effect: done in the same task as the render, before any later click or key can be handled.
  const searchRef = useRef<InputProps.Ref>(null);
  const [backToList, setBackToList] = useState(0);
  useLayoutEffect(() => {
    if (backToList > 0) searchRef.current?.focus();
  }, [backToList]);
  const data = directory.data;
  const hits = useMemo(() => (data ? searchRecords(data, kind, query, lang) : []), [data, kind, query, lang]);

  if (!data) {
    return (
      <Container>
        {directory.error ? (
          <LoadError message={errorText(directory.error)} onRetry={directory.retry} />
        ) : (
          <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
        )}
      </Container>
    );
  }

  const saved = (name: string, created: boolean) => {
    setEditing(null);
    setBackToList((n) => n + 1);
    reload();
    notify(t(created ? 'adminData.form.created' : 'adminData.edit.saved', { name }));
  };
  if (editing) {
    const record = editing.id ? recordOf(data, editing.kind, editing.id) : undefined;
    const created = !editing.id;
    // A reload brings a new version: the form starts again from it.
    const key = `${editing.kind}-${record?.id ?? 'new'}-${record?.version ?? 0}`;
    const common = {
      onCancel: () => {
        setEditing(null);
        setBackToList((n) => n + 1);
      },
      onReload: reload,
    };
    if (editing.kind === 'parent') {
      const parent = data.parents.find((p) => p.id === editing.id);
      return (
        <ParentEditForm key={key} parent={parent} {...common} onSaved={(p) => saved(`${p.firstName} ${p.lastName}`, created)} />
      );
    }
    const formProps = {
      ...common,
      recordId: record?.id,
      version: record?.version,
      directory: data,
      onSaved: (name: string) => saved(name, created),
    };
    const title = (name: string) =>
      record ? t('adminData.edit.parentTitle', { name }) : t(`adminData.form.addTitle.${editing.kind}`);
    switch (editing.kind) {
      case 'staff': {
        const staff = data.staff.find((s) => s.id === record?.id);
        return <RecordForm key={key} kind="staff" initial={staffValues(staff)} title={title(`${staff?.firstName} ${staff?.lastName}`)} {...formProps} />;
      }
      case 'student': {
        const student = data.students.find((s) => s.id === record?.id);
        return <RecordForm key={key} kind="student" initial={studentValues(student, data)} title={title(`${student?.firstName} ${student?.lastName}`)} {...formProps} />;
      }
      case 'class': {
        const schoolClass = data.classes.find((c) => c.id === record?.id);
        return <RecordForm key={key} kind="class" initial={classValues(schoolClass)} title={title(schoolClass?.name ?? '')} {...formProps} />;
      }
      case 'committee': {
        const committee = data.committees.find((c) => c.id === record?.id);
        return <RecordForm key={key} kind="committee" initial={committeeValues(committee, data.memberships ?? [])} title={title(committee?.name[lang] ?? '')} {...formProps} />;
      }
    }
  }

  const kindOptions = ENTITY_KINDS.map((k) => ({ value: k, label: t(`adminData.edit.kinds.${k}`) }));
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('adminData.edit.description')}
          actions={
            <Button iconName="add-plus" onClick={() => setEditing({ kind })}>
              {t(`adminData.form.add.${kind}`)}
            </Button>
          }
        >
          {t('adminData.edit.title')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {directory.error !== undefined && <LoadError message={errorText(directory.error)} onRetry={directory.retry} />}
        <FormField label={t('adminData.edit.kindLabel')}>
          <Select
            selectedOption={kindOptions.find((option) => option.value === kind) ?? null}
            options={kindOptions}
            onChange={({ detail }) => {
              setKind(detail.selectedOption.value as EntityKind);
              setQuery('');
            }}
          />
        </FormField>
        <FormField label={t(`adminData.edit.searchLabels.${kind}`)} description={t(`adminData.edit.searchHints.${kind}`)}>
          <Input ref={searchRef} type="search" value={query} onChange={({ detail }) => setQuery(detail.value)} placeholder={t('adminData.edit.searchPlaceholder')} />
        </FormField>
        {query.trim() !== '' && hits.length === 0 && (
          <EmptyState title={t('adminData.edit.noResults')} body={t('adminData.edit.noResultsBody')} />
        )}
        {hits.length > 0 && (
          <ul aria-label={t('adminData.edit.results')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {hits.map((hit) => (
              <li key={hit.id} style={{ padding: '8px 0', borderBottom: '1px solid var(--color-border-divider-default, #e9ebed)' }}>
                <SpaceBetween size="xxs">
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <Box variant="strong">{hit.name}</Box>
                    {hit.detail && <Box color="text-body-secondary">{hit.detail}</Box>}
                  </SpaceBetween>
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button ariaLabel={t('adminData.edit.editOne', { name: hit.name })} onClick={() => setEditing({ kind, id: hit.id })}>
                      {t('adminData.edit.edit')}
                    </Button>
                    <Button
                      ariaLabel={t('adminData.edit.deleteOne', { name: hit.name })}
                      onClick={() => {
                        const record = recordOf(data, kind, hit.id);
                        if (record) setDeleting({ kind, id: hit.id, version: record.version, name: hit.name });
                      }}
                    >
                      {t('adminData.edit.delete')}
                    </Button>
                  </SpaceBetween>
                </SpaceBetween>
              </li>
            ))}
          </ul>
        )}
      </SpaceBetween>
      <DeleteRecordModal
        target={deleting}
        parents={data.parents}
        onDismiss={() => setDeleting(null)}
        onReload={() => {
          setDeleting(null);
          reload();
        }}
        onDeleted={(target, deletedParents) => {
          setDeleting(null);
          setBackToList((n) => n + 1);
          reload();
          notify(
            deletedParents > 0
              ? t('adminData.delete.doneWithParents', { name: target.name, count: deletedParents })
              : t('adminData.delete.done', { name: target.name }),
          );
        }}
      />
    </Container>
  );
}
