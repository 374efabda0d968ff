import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { adminCommitteesApi } from '../api/admin-committees-client';
import { useLanguage } from '../use-language';
import { committeeRows, type CommitteeRow } from './committee-rows';

export type CommitteesState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; rows: CommitteeRow[] };

/**
 * The committees for the campaign's start dialog and summary, read again whenever `reloadKey` changes (a start
 * opens and closes committees, so the campaign page passes its campaign's state).
 */
export function useAdminCommitteeRows(reloadKey: string): CommitteesState {
  const { apiBaseUrl } = useRuntimeConfig();
  const lang = useLanguage();
  const [state, setState] = useState<CommitteesState>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    adminCommitteesApi.load(apiBaseUrl).then(
      (data) => current && setState({ kind: 'ready', rows: committeeRows(data, lang) }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [apiBaseUrl, lang, reloadKey]);
  return state;
}
