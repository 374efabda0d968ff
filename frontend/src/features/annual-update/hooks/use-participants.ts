import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import type { ParticipantView } from '../../../../../shared/annual-update-api';
import { classesOf, matchesClass, matchesStatus, summarize, type StatusFilter } from '../model/participants';
import { hasStaffRows, matchesKind, type KindFilter } from '../model/staff-filter';

/**
 * The participants table's filters (status, class, search), sorting and selection, and the summary of the rows
 * the filters leave.
 */
export function useParticipants(participants: ParticipantView[]) {
  const { i18n } = useTranslation();
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
      filteringFunction: (row, text) => {
        const needle = text.trim().toLocaleLowerCase(i18n.language);
        const hay = [row.firstName, row.lastName, row.email, ...row.classes.map((c) => `${c.code} ${c.name}`)];
        return hay.some((value) => value?.toLocaleLowerCase(i18n.language).includes(needle));
      },
    },
    sorting: {},
    selection: { keepSelection: false, trackBy: 'parentId' },
  });
  const selected = collection.collectionProps.selectedItems ?? [];
  const filtered = status !== 'all' || classId !== '' || kind !== 'all' || collection.filterProps.filteringText.trim() !== '';
  const shown = summarize(collection.items);
  return { status, setStatus, classId, setClassId, classes, collection, selected, filtered, shown, kind, setKind, hasStaff };
}
