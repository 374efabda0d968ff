import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { ProgressionWorkspace } from '@shared/contracts/progression-api';
import { useDirectory } from '../../../lib/directory/use-directory';
import { parentChoices, parentNameOf } from '../model/parents';

/**
 * The parents a new student may be given: the directory's and the ones staged with other new students, as
 * select options, with the directory's loading state and a name lookup for the cards.
 */
export function useParentChoices(workspace: ProgressionWorkspace) {
  const { t } = useTranslation();
  const { index, loading, error, retry } = useDirectory();
  const directoryParents = index?.directory ?? null;
  const choices = useMemo(
    () => parentChoices(directoryParents, workspace.newStudents, t('progression.newStudents.stagedParent')),
    [directoryParents, workspace.newStudents, t],
  );
  const options: SelectProps.Option[] = choices.map((c) => ({
    value: c.parentId,
    label: c.name,
    ...(c.description ? { description: c.description } : {}),
    filteringTags: c.tags,
  }));
  const nameOf = parentNameOf(directoryParents, workspace.newStudents);
  return { index, loading, error, retry, options, nameOf };
}
