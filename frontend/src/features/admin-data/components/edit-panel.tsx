import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Student } from '../../../../../shared/schemas/student';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { EmptyState } from '../../directory/components/empty-state';
import { adminDataApi } from '../api/admin-data-client';
import { searchPeople } from '../model/people-search';
import { DeleteStudentModal } from './delete-student-modal';
import { LoadError } from './load-error';
import { ParentEditForm } from './parent-edit-form';
import { useErrorText, useLoad } from './use-admin-data';

/** Find a parent or a student; edit the parent, delete the student. Records come with their version. */
export function EditPanel({ notify }: { notify: (message: string) => void }) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [generation, setGeneration] = useState(0);
  const directory = useLoad(() => adminDataApi.directory(apiBaseUrl), `${generation}`);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Student | null>(null);
  const reload = () => setGeneration((n) => n + 1);
  const hits = useMemo(() => (directory.data ? searchPeople(directory.data, query) : []), [directory.data, query]);
  const data = directory.data;
  const parent = editing ? data?.parents.find((p) => p.id === editing) : undefined;

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
  if (parent) {
    return (
      <ParentEditForm
        // A reload brings a new version: start the form again from it.
        key={`${parent.id}-${parent.version}`}
        parent={parent}
        onCancel={() => setEditing(null)}
        onReload={reload}
        onSaved={(saved) => {
          setEditing(null);
          reload();
          notify(t('adminData.edit.saved', { name: `${saved.firstName} ${saved.lastName}` }));
        }}
      />
    );
  }
  return (
    <Container header={<Header variant="h2" description={t('adminData.edit.description')}>{t('adminData.edit.title')}</Header>}>
      <SpaceBetween size="m">
        {directory.error !== undefined && <LoadError message={errorText(directory.error)} onRetry={directory.retry} />}
        <FormField label={t('adminData.edit.searchLabel')} description={t('adminData.edit.searchHint')}>
          <Input type="search" value={query} onChange={({ detail }) => setQuery(detail.value)} placeholder={t('adminData.edit.searchPlaceholder')} />
        </FormField>
        {query.trim() !== '' && hits.length === 0 && (
          <EmptyState title={t('adminData.edit.noResults')} body={t('adminData.edit.noResultsBody')} />
        )}
        {hits.length > 0 && (
          <ul aria-label={t('adminData.edit.results')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {hits.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`} style={{ padding: '8px 0', borderBottom: '1px solid var(--color-border-divider-default, #e9ebed)' }}>
                <SpaceBetween size="xxs">
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <Badge color={hit.kind === 'parent' ? 'blue' : 'grey'}>{t(`adminData.edit.kind.${hit.kind}`)}</Badge>
                    <Box variant="strong">{hit.name}</Box>
                    {hit.detail && <Box color="text-body-secondary">{hit.detail}</Box>}
                  </SpaceBetween>
                  {hit.kind === 'parent' ? (
                    <Button ariaLabel={t('adminData.edit.editOne', { name: hit.name })} onClick={() => setEditing(hit.id)}>
                      {t('adminData.edit.edit')}
                    </Button>
                  ) : (
                    <Button
                      ariaLabel={t('adminData.edit.deleteOne', { name: hit.name })}
                      onClick={() => setDeleting(data.students.find((s) => s.id === hit.id) ?? null)}
                    >
                      {t('adminData.edit.delete')}
                    </Button>
                  )}
                </SpaceBetween>
              </li>
            ))}
          </ul>
        )}
      </SpaceBetween>
      <DeleteStudentModal
        student={deleting}
        parents={data.parents}
        onDismiss={() => setDeleting(null)}
        onReload={() => {
          setDeleting(null);
          reload();
        }}
        onDeleted={(student, deletedParents) => {
          setDeleting(null);
          reload();
          const name = `${student.firstName} ${student.lastName}`;
          notify(
            deletedParents > 0
              ? t('adminData.delete.doneWithParents', { name, count: deletedParents })
              : t('adminData.delete.done', { name }),
          );
        }}
      />
    </Container>
  );
}
