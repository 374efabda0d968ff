import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { ProgressionWorkspace } from '@shared/contracts/progression-api';
import { compareNames, fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';
import { classLabel, placement, type Labels } from '../model/review-summary';
import { commonCandidates, matchesText } from '../model/students';

export type Scope = 'needed' | 'all';
export type Assignment = { studentId: string; classId: string | null };

/**
 * The assignment step's state: the students shown (those who need a class, or all who stay), the filter,
 * pages and selection, the class chosen for the selection, and the students whose assignment is being saved.
 */
export function useAssignments(workspace: ProgressionWorkspace, onAssign: (assignments: Assignment[]) => Promise<void>) {
  const lang = useLanguage();
  const labels: Labels = { levels: workspace.levels, classes: workspace.classes, lang };
  const [scope, setScope] = useState<Scope>('needed');
  const [savingIds, setSavingIds] = useState<Set<string>>(new Set());
  const [bulkClass, setBulkClass] = useState<SelectProps.Option | null>(null);

  const rows = useMemo(
    () =>
      workspace.students
        .filter((s) => s.outcome !== 'graduates' && !s.departing)
        .filter((s) => scope === 'all' || s.outcome === 'needsAssignment')
        .sort(compareNames),
    [workspace.students, scope],
  );
  const collection = useCollection(rows, {
    filtering: { filteringFunction: (s, text) => matchesText([fullName(s), placement(labels, s.newLevel, s.currentClassId)], text) },
    pagination: { pageSize: 30 },
    selection: { trackBy: 'studentId', keepSelection: false },
  });
  const missing = rows.filter((s) => !s.targetClassId).length;
  const selected = collection.collectionProps.selectedItems ?? [];
  const bulkCandidates = commonCandidates(selected);
  const classOption = (id: string): SelectProps.Option => ({ value: id, label: classLabel(labels, id) });

  const assign = async (list: Assignment[]) => {
    setSavingIds((ids) => new Set([...ids, ...list.map((a) => a.studentId)]));
    try {
      await onAssign(list);
    } finally {
      setSavingIds((ids) => new Set([...ids].filter((id) => !list.some((a) => a.studentId === id))));
    }
  };

  return { labels, scope, setScope, savingIds, bulkClass, setBulkClass, collection, missing, selected, bulkCandidates, classOption, assign };
}
