import { useLanguage } from '../use-language';
import { useAdminCommittees } from './admin-committees-queries';
import { committeeRows, type CommitteeRow } from './committee-rows';

export type CommitteesState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; rows: CommitteeRow[] };

/**
 * The committees for the campaign's start dialog and summary (the query `adminCommitteesKey`); a start opens and
 * closes committees, and its mutation makes this query stale, so the page shows them as they are now.
 */
export function useAdminCommitteeRows(): CommitteesState {
  const lang = useLanguage();
  const query = useAdminCommittees();
  if (query.data) return { kind: 'ready', rows: committeeRows(query.data, lang) };
  return query.isError ? { kind: 'failed' } : { kind: 'loading' };
}
