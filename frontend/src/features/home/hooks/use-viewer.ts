import { useCallback, useEffect, useState } from 'react';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { fetchMe } from '../../../lib/api/me-client';

/**
 * Who is looking at the home page (GET /api/me): the directory's parent records under their email (to find their
 * children in the directory response) and whether the school's statistics come first (staff, administrators).
 */
export type Viewer =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; parentIds: ReadonlySet<string>; statisticsFirst: boolean };

export function useViewer(): { viewer: Viewer; retry: () => void } {
  const { apiBaseUrl } = useRuntimeConfig();
  const [viewer, setViewer] = useState<Viewer>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchMe(apiBaseUrl).then(
      (me) => {
        if (!current) return;
        const parentIds = new Set(me.userType === 'parent' ? me.personIds : []);
        setViewer({ status: 'loaded', parentIds, statisticsFirst: me.isAdmin || me.userType !== 'parent' });
      },
      () => current && setViewer({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [apiBaseUrl, attempt]);
  const retry = useCallback(() => {
    setViewer({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { viewer, retry };
}
