import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { ProgressionWorkspace, WorkspaceStudent } from '@shared/contracts/progression-api';
import { levelLabel, sortLevels } from '@shared/format/levels';
import { compareNames, fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';
import { classLabel, type Labels } from '../model/review-summary';
import { commonCandidates, matchesText } from '../model/students';

export type Scope = 'needed' | 'all';
export type Assignment = { studentId: string; classId: string | null };
/** The list's filters: next year's grade and this year's class ('' for all), and a search by name. */
export type AssignmentFilters = { grade: string; fromClass: string; text: string };

const NO_FILTER: AssignmentFilters = { grade: '', fromClass: '', text: '' };
/** The most assignments one PUT …/assignments takes (docs/progression.md); a bigger selection is sent in parts. */
const PER_REQUEST = 500;

/** A filter's choices: each value present in the rows, in the given order, with how many rows have it. */
function choices(rows: readonly WorkspaceStudent[], key: (s: WorkspaceStudent) => string | undefined, order: readonly string[], label: (value: string) => string) {
  const counts = new Map<string, number>();
  for (const s of rows) {
    const value = key(s);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return order.filter((value) => counts.has(value)).map((value) => ({ value, label: label(value), count: counts.get(value)! }));
}

/**
 * The assignment step's state: the students shown (those who need a class, or all who stay), the filters (next
 * year's grade, this year's class, a name), pages, the selection (kept across pages; "select all" takes every
 * student the filters match), the class chosen for the selection, and the students whose assignment is being saved.
 */
export function useAssignments(workspace: ProgressionWorkspace, onAssign: (assignments: Assignment[]) => Promise<void>) {
  const lang = useLanguage();
  const labels: Labels = { levels: workspace.levels, classes: workspace.classes, lang };
  const [scope, setScopeState] = useState<Scope>('needed');
  const [filters, setFiltersState] = useState<AssignmentFilters>(NO_FILTER);
  const [savingIds, setSavingIds] = useState<Set<string>>(new Set());
  const [bulkClass, setBulkClass] = useState<SelectProps.Option | null>(null);

  const rows = useMemo(
    () =>
      workspace.students
        .filter((s) => s.outcome !== 'graduates' && !s.departing)
        .filter((s) => scope === 'all' || s.outcome === 'needsAssignment')
        // Those still without a class first (a trial's last one was on the third page of 84), then by name.
        .sort((a, b) => Number(!!a.targetClassId) - Number(!!b.targetClassId) || compareNames(a, b)),
    [workspace.students, scope],
  );
  const gradeOptions = choices(rows, (s) => s.newLevel, sortLevels(workspace.levels).map((l) => l.code), (code) => levelLabel(workspace.levels, code, lang));
  const classOptions = choices(rows, (s) => s.currentClassId, workspace.classes.map((c) => c.id), (id) => classLabel(labels, id));
  // A choice the scope no longer shows (a grade only staying students have) counts as "all", as the select says.
  const grade = gradeOptions.some((o) => o.value === filters.grade) ? filters.grade : '';
  const fromClass = classOptions.some((o) => o.value === filters.fromClass) ? filters.fromClass : '';
  const matching = useMemo(
    () =>
      rows.filter(
        (s) => (!grade || s.newLevel === grade) && (!fromClass || s.currentClassId === fromClass) && matchesText([fullName(s)], filters.text),
      ),
    [rows, grade, fromClass, filters.text],
  );

  const collection = useCollection(matching, {
    pagination: { pageSize: 30 },
    selection: { trackBy: 'studentId', keepSelection: true },
  });
  const { actions } = collection;
  // Another list starts on its first page with nothing selected: a selection is always within what is shown. The
  // class chosen for a selection goes with it: kept, it came back with the next group's « select all » and a trial's
  // every group went to the first group's class (40 students in one class).
  const clearSelection = () => {
    actions.setSelectedItems([]);
    setBulkClass(null);
  };
  const restart = () => {
    actions.setCurrentPage(1);
    clearSelection();
  };
  const setFilters = (change: Partial<AssignmentFilters>) => {
    setFiltersState((current) => ({ ...current, ...change }));
    restart();
  };
  const setScope = (next: Scope) => {
    setScopeState(next);
    restart();
  };
  const selectAll = () => actions.setSelectedItems(matching);

  const missing = rows.filter((s) => !s.targetClassId).length;
  // Those who needed a class (the « Classe à choisir » list keeps them once placed, so a choice can be changed).
  const needing = workspace.students.filter((s) => s.outcome === 'needsAssignment' && !s.departing).length;
  // The selected students as they are now (the workspace changes after every save).
  const selectedIds = new Set((collection.collectionProps.selectedItems ?? []).map((s) => s.studentId));
  const selected = matching.filter((s) => selectedIds.has(s.studentId));
  const bulkCandidates = commonCandidates(selected);
  const classOption = (id: string): SelectProps.Option => ({ value: id, label: classLabel(labels, id) });

  const assign = async (list: Assignment[]) => {
    setSavingIds((ids) => new Set([...ids, ...list.map((a) => a.studentId)]));
    try {
      for (let start = 0; start < list.length; start += PER_REQUEST) await onAssign(list.slice(start, start + PER_REQUEST));
    } finally {
      setSavingIds((ids) => new Set([...ids].filter((id) => !list.some((a) => a.studentId === id))));
    }
  };

  return {
    labels, scope, setScope, filters: { grade, fromClass, text: filters.text }, setFilters, gradeOptions, classOptions,
    savingIds, bulkClass, setBulkClass, collection, matching, missing, needing, selected, selectAll, clearSelection,
    bulkCandidates, classOption, assign,
  };
}
