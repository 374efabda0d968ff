import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { EmptyState } from '../../../components/directory/empty-state';
import { useLanguage } from '../../../lib/use-language';
import type { AdminDirectory } from '../api/admin-data-client';
import {
  classValues,
  committeeValues,
  ENTITY_KINDS,
  staffValues,
  studentValues,
  type EntityKind,
} from '../model/entity-edit';
import { DeleteRecordModal } from './delete-record-modal';
import { childrenLeftWithoutParent } from '../model/parent-edit';
import { ApiErrorAlert, QueryState } from '../../../components/query-state/query-state';
import { ParentEditForm } from './parent-edit-form';
import { RecordForm } from './record-form';
import { GENERIC_ERROR } from './use-admin-data';
import { useEditPanel, type Editing } from './use-edit-panel';

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

/** The form of the record being edited (or added): the parent form, or the record form of its kind. */
function RecordEditor({ data, editing, onCancel, onReload, saved }: {
  data: AdminDirectory;
  editing: Editing;
  onCancel: () => void;
  onReload: () => void;
  saved: (name: string, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const record = editing.id ? recordOf(data, editing.kind, editing.id) : undefined;
  const created = !editing.id;
  // A reload brings a new version: the form starts again from it.
  const key = `${editing.kind}-${record?.id ?? 'new'}-${record?.version ?? 0}`;
  const common = { onCancel, onReload };
  if (editing.kind === 'parent') {
    const parent = data.parents.find((p) => p.id === editing.id);
    return (
      <ParentEditForm key={key} parent={parent} parents={data.parents} {...common} onSaved={(p) => saved(`${p.firstName} ${p.lastName}`, created)} />
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

/** The records found, each with its edit and delete buttons. */
function SearchResults({ hits, onEdit, onDelete }: {
  hits: ReturnType<typeof useEditPanel>['hits'];
  onEdit: (id: string) => void;
  onDelete: (id: string, name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('adminData.edit.results')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {hits.map((hit) => (
        <li key={hit.id} style={{ padding: '8px 0', borderBottom: '1px solid var(--color-border-divider-default, #e9ebed)' }}>
          <SpaceBetween size="xxs">
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Box variant="strong">{hit.name}</Box>
              {hit.detail && <Box color="text-body-secondary">{hit.detail}</Box>}
            </SpaceBetween>
            <SpaceBetween direction="horizontal" size="xs">
              <Button ariaLabel={t('adminData.edit.editOne', { name: hit.name })} onClick={() => onEdit(hit.id)}>
                {t('adminData.edit.edit')}
              </Button>
              <Button ariaLabel={t('adminData.edit.deleteOne', { name: hit.name })} onClick={() => onDelete(hit.id, hit.name)}>
                {t('adminData.edit.delete')}
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        </li>
      ))}
    </ul>
  );
}

/**
 * Find, add, edit and delete every kind of record (parents, students, staff, classes, committees and their
 * members). Records come with their version; a delete is typed `confirm`.
 */
export function EditPanel({ notify }: { notify: (message: string) => void }) {
  const { t } = useTranslation();
  const panel = useEditPanel(notify);
  const { directory, kind, setKind, query, setQuery, editing, setEditing, deleting, setDeleting, reload, searchRef, hits } = panel;
  const data = directory.data;

  if (!data) {
    return (
      <Container>
        <QueryState query={directory} genericKey={GENERIC_ERROR}>
          {() => null}
        </QueryState>
      </Container>
    );
  }
  if (editing) return <RecordEditor data={data} editing={editing} onCancel={panel.closeForm} onReload={reload} saved={panel.saved} />;

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
        {directory.isError && <ApiErrorAlert error={directory.error} genericKey={GENERIC_ERROR} onRetry={reload} retrying={directory.isFetching} />}
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
          <Input ref={searchRef} type="search" value={query} onChange={({ detail }) => setQuery(detail.value)} placeholder={t(`adminData.edit.searchPlaceholders.${kind}`)} />
        </FormField>
        {query.trim() !== '' && hits.length === 0 && (
          <EmptyState title={t('adminData.edit.noResults')} body={t('adminData.edit.noResultsBody')} />
        )}
        {hits.length > 0 && (
          <SearchResults
            hits={hits}
            onEdit={(id) => setEditing({ kind, id })}
            onDelete={(id, name) => {
              const record = recordOf(data, kind, id);
              if (record) setDeleting({ kind, id, version: record.version, name });
            }}
          />
        )}
      </SpaceBetween>
      <DeleteRecordModal
        target={deleting}
        parents={data.parents}
        childrenLeft={deleting?.kind === 'parent' ? childrenLeftWithoutParent(deleting.id, data) : []}
        onDismiss={() => setDeleting(null)}
        onReload={() => {
          setDeleting(null);
          reload();
        }}
        onDeleted={panel.deleted}
      />
    </Container>
  );
}
