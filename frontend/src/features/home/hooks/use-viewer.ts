import { useMemo } from 'react';
import { useMe } from '../../../lib/api/me-queries';

/**
 * Who is looking at the home page (GET /api/me): the directory's parent records under their email (to find their
 * children in the directory response), all their records (a homeroom teacher's classes) and whether the school's statistics come first (staff, administrators).
 */
export type Viewer =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; parentIds: ReadonlySet<string>; personIds: ReadonlySet<string>; statisticsFirst: boolean };

export function useViewer(): { viewer: Viewer; retry: () => void } {
  const me = useMe();
  const viewer = useMemo<Viewer>(() => {
    if (me.data) {
      const parentIds = new Set(me.data.userType === 'parent' ? me.data.personIds : []);
      const personIds = new Set(me.data.personIds);
      return { status: 'loaded', parentIds, personIds, statisticsFirst: me.data.isAdmin || me.data.userType !== 'parent' };
    }
    return me.isError && !me.isFetching ? { status: 'failed' } : { status: 'loading' };
  }, [me.data, me.isError, me.isFetching]);
  return { viewer, retry: () => void me.refetch() };
}
