import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import type { ParticipantView } from '@shared/contracts/annual-update-api';
import { classesOf, matchesClass, matchesSearchText, matchesStatus, summarize, type StatusFilter } from '../model/participants';
import { hasStaffRows, matchesKind, type KindFilter } from '../model/staff-filter';

/**
 * Rows per page of the participants manager (table and cards): a school's few hundred parents on one page made
 * each visit to the manager render every row (docs/decisions/the-participants-manager-in-pages.md, "The participants manager in pages").
 */
export const PARTICIPANTS_PAGE_SIZE = 30;

/**
 * The participants table's filters (status, class, search), sorting, pages and selection (kept whatever they
 * show), and the summary of the rows the filters leave (on every page).
 */
export function useParticipants(participants: ParticipantView[]) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [classId, setClassId] = useState('');
  const [kind, setKind] = useState<KindFilter>('all');
  const hasStaff = hasStaffRows(participants);
  const classes = useMemo(() => classesOf(participants), [participants]);
  const rows = participants.filter(
    (row) => matchesStatus(row, status) && matchesClass(row, classId) && matchesKind(row, kind),
  );
  const collection = useCollection(rows, {
    filtering: {
      filteringFunction: matchesSearchText,
    },
    sorting: {},
    pagination: { pageSize: PARTICIPANTS_PAGE_SIZE },
    // Kept across pages, searches and filters: a volunteer picks parents one search after another, and a send goes
    // to every one of them, the rows the current view hides included (docs/annual-update.md, "Participants manager").
    selection: { keepSelection: true, trackBy: 'parentId' },
  });
  const { allPageItems } = collection;
  // The selection by id, read in the latest rows (a refreshed list brings new objects; a row gone is not sent to).
  const chosenIds = new Set((collection.collectionProps.selectedItems ?? []).map((row) => row.parentId));
  const selected = participants.filter((row) => chosenIds.has(row.parentId));
  const shownIds = new Set(allPageItems.map((row) => row.parentId));
  /** Selected rows the search and filters hide (rows on other pages are not hidden). */
  const hiddenSelected = selected.filter((row) => !shownIds.has(row.parentId)).length;
  const clearSelection = () => collection.actions.setSelectedItems([]);
  const filtered = status !== 'all' || classId !== '' || kind !== 'all' || collection.filterProps.filteringText.trim() !== '';
  const shown = summarize(allPageItems);
  return { status, setStatus, classId, setClassId, classes, collection, selected, hiddenSelected, clearSelection, filtered, shown, kind, setKind, hasStaff };
}
