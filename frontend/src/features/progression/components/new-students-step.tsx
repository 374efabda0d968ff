import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { NewStudentRequest, ParentLookupMatch, ProgressionWorkspace, WorkspaceNewStudent } from '@shared/contracts/progression-api';
import { compareNames, fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';
import { useParentChoices } from '../hooks/use-parent-choices';
import { emptyNewStudent, valuesFromStaged } from '../model/new-student-form';
import { placement } from '../model/review-summary';
import { NewStudentForm } from './new-student-form';

/** The staged new students as cards, each with its edit and delete buttons. */
function StagedStudents({ workspace, saving, editing, nameOf, onEdit, onDelete }: {
  workspace: ProgressionWorkspace;
  saving: boolean;
  editing: { id?: string } | null;
  nameOf: (parentId: string) => string | undefined;
  onEdit: (editing: { id?: string }) => void;
  onDelete: (newStudentId: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const labels = { levels: workspace.levels, classes: workspace.classes, lang };
  const staged = [...workspace.newStudents].sort((a, b) => compareNames(a.student, b.student));

  const parentsText = (s: WorkspaceNewStudent) =>
    [s.parent1, s.parent2]
      .filter((p) => p !== undefined)
      .map((p) => `${nameOf(p.parentId) ?? '—'} (${t(p.mode === 'new' ? 'progression.newStudents.newTag' : 'progression.newStudents.existingTag')})`)
      .join(', ');

  return (
    <Cards
      items={staged}
      trackBy="newStudentId"
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      header={
        <Header
          variant="h2"
          counter={`(${staged.length})`}
          description={t('progression.newStudents.description')}
          actions={
            !editing && (
              <Button variant="primary" iconName="add-plus" onClick={() => onEdit({})}>
                {t('progression.newStudents.add')}
              </Button>
            )
          }
        >
          {t('progression.newStudents.title')}
        </Header>
      }
      empty={<Box textAlign="center" padding="l">{t('progression.newStudents.empty')}</Box>}
      cardDefinition={{
        header: (s) => fullName(s.student),
        sections: [
          { id: 'class', header: t('progression.newStudents.nextYear'), content: (s) => placement(labels, s.student.level, s.student.classId) },
          { id: 'parents', header: t('progression.parents.title'), content: parentsText },
          {
            id: 'actions',
            content: (s) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled={saving || Boolean(editing)} onClick={() => onEdit({ id: s.newStudentId })} ariaLabel={t('progression.newStudents.editFor', { name: fullName(s.student) })}>
                  {t('progression.newStudents.edit')}
                </Button>
                <Button
                  disabled={saving || Boolean(editing)}
                  ariaLabel={t('progression.newStudents.deleteFor', { name: fullName(s.student) })}
                  onClick={() => onDelete(s.newStudentId)}
                >
                  {t('progression.newStudents.delete')}
                </Button>
              </SpaceBetween>
            ),
          },
        ],
      }}
    />
  );
}

/** Step 4: students arriving next year, with their parents (existing or new). */
export function NewStudentsStep({ workspace, saving, onSave, onDelete, lookup }: {
  workspace: ProgressionWorkspace;
  saving: boolean;
  onSave: (newStudentId: string | undefined, request: NewStudentRequest) => Promise<unknown>;
  onDelete: (newStudentId: string) => Promise<unknown>;
  lookup: (email: string) => Promise<ParentLookupMatch[]>;
}) {
  const { t } = useTranslation();
  const { index, loading, error, retry, options, nameOf } = useParentChoices(workspace);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const editedStudent = editing?.id ? workspace.newStudents.find((s) => s.newStudentId === editing.id) : undefined;

  return (
    <SpaceBetween size="l">
      {error && !index && (
        <Alert type="error" action={<Button onClick={retry}>{t('progression.retry')}</Button>}>
          {t('progression.newStudents.directoryError')}
        </Alert>
      )}
      {editing ? (
        <NewStudentForm
          key={editing.id ?? 'new'}
          workspace={workspace}
          initial={editedStudent ? valuesFromStaged(editedStudent) : emptyNewStudent()}
          parentOptions={loading && !index ? [] : options}
          lookup={lookup}
          onCancel={() => setEditing(null)}
          onSubmit={async (request) => {
            const failure = await onSave(editing.id, request);
            if (!failure) setEditing(null);
            return failure;
          }}
        />
      ) : null}
      {deleteError !== null && <Alert type="error" dismissible onDismiss={() => setDeleteError(null)}>{t('progression.newStudents.deleteFailed')}</Alert>}
      <StagedStudents
        workspace={workspace}
        saving={saving}
        editing={editing}
        nameOf={nameOf}
        onEdit={setEditing}
        onDelete={(newStudentId) => void onDelete(newStudentId).then((failure) => setDeleteError(failure ?? null))}
      />
    </SpaceBetween>
  );
}
