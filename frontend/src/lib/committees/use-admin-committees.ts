import { useEffect, useRef } from 'react';
import { useLanguage } from '../use-language';
import { useAdminCommittees } from './admin-committees-queries';
import { committeeRows, type CommitteeRow } from './committee-rows';

export type CommitteesState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; rows: CommitteeRow[] };

/**
 * The committees for the campaign's start dialog and summary (the query `adminCommitteesKey`), asked again whenever
 * `reloadKey` changes: a start opens and closes committees, so the campaign page passes its campaign's state.
 */
export function useAdminCommitteeRows(reloadKey: string): CommitteesState {
  const lang = useLanguage();
  const query = useAdminCommittees();
  const seen = useRef(reloadKey);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === reloadKey) return;
    seen.current = reloadKey;
    void refetch();
  }, [reloadKey, refetch]);
  if (query.data) return { kind: 'ready', rows: committeeRows(query.data, lang) };
  return query.isError ? { kind: 'failed' } : { kind: 'loading' };
}
