import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputProps } from '@cloudscape-design/components/input';
import { useLanguage } from '../../../lib/use-language';
import { useAdminDirectory } from '../api/admin-data-queries';
import { searchRecords, type EntityKind } from '../model/entity-edit';
import type { DeleteTarget } from './use-delete-record';

/** What the form shows: a record of a kind, or a new one (no id). */
export interface Editing {
  kind: EntityKind;
  id?: string;
}

/**
 * The edit tab's state: the records (a query every write to them makes stale, so read again after a change), the kind and search, the record being
 * edited or deleted. Back on the list after a form or a delete, the search field gets the focus.
 */
export function useEditPanel(notify: (message: string) => void) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const directory = useAdminDirectory();
  const [kind, setKind] = useState<EntityKind>('parent');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const reload = () => void directory.refetch();
  // Back on the list after a form or a delete (their buttons are gone), focus goes to the search field
  // (docs/frontend.md, "Focus after a dialog or a form"). A layout effect: done in the same task as the render,
  // before any later click or key can be handled.
  const searchRef = useRef<InputProps.Ref>(null);
  const [backToList, setBackToList] = useState(0);
  useLayoutEffect(() => {
    if (backToList > 0) searchRef.current?.focus();
  }, [backToList]);
  const data = directory.data;
  const hits = useMemo(() => (data ? searchRecords(data, kind, query, lang) : []), [data, kind, query, lang]);

  const closeForm = () => {
    setEditing(null);
    setBackToList((n) => n + 1);
  };
  const saved = (name: string, created: boolean) => {
    closeForm();
    notify(t(created ? 'adminData.form.created' : 'adminData.edit.saved', { name }));
  };
  const deleted = (target: DeleteTarget, deletedParents: number) => {
    setDeleting(null);
    setBackToList((n) => n + 1);
    notify(
      deletedParents > 0
        ? t('adminData.delete.doneWithParents', { name: target.name, count: deletedParents })
        : t('adminData.delete.done', { name: target.name }),
    );
  };

  return { directory, kind, setKind, query, setQuery, editing, setEditing, deleting, setDeleting, reload, searchRef, hits, closeForm, saved, deleted };
}
