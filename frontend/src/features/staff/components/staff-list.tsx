import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createMatcher } from '@shared/rules/search';
import { STAFF_DEPARTMENT_CODES } from '@shared/schemas/staff';
import { EmptyState } from '../../../components/directory/empty-state';
import { SearchAndFilterBar } from '../../../components/directory/filter-bar';
import { NoMatch } from '../../../components/directory/search-field';
import { useIsMobile, useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { departmentLabel } from '../../../lib/directory/labels';
import { useDeferredSearchText, useUrlParam } from '../../../lib/use-url-state';
import { StaffGroup } from './staff-group';
import { groupByDepartment, OTHER_STAFF, staffRows, staffSearchFields } from '../../../lib/directory/staff-rows';

/**
 * The staff directory: searchable by name, title or department, grouped by department, "other staff" last. A
 * keystroke updates the search box first; the groups follow the deferred query (`results`) right after.
 */
export function StaffList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending } = useDeferredSearchText();
  const [department, setDepartment] = useUrlParam('department');

  const rows = useMemo(() => staffRows(index, lang), [index, lang]);
  const match = useMemo(() => createMatcher(rows, staffSearchFields), [rows]);
  const groups = useMemo(() => {
    const all = groupByDepartment(match(results));
    return department ? all.filter((g) => g.department === department) : all;
  }, [match, results, department]);
  const shown = groups.reduce((sum, g) => sum + g.rows.length, 0);
  const groupLabel = useCallback(
    (code: string) => (code === OTHER_STAFF ? t('directory.staff.otherStaff') : departmentLabel(code, lang)),
    [t, lang],
  );
  const departmentOptions = useMemo(
    () => [...STAFF_DEPARTMENT_CODES, OTHER_STAFF].map((code) => ({ value: code, label: groupLabel(code) })),
    [groupLabel],
  );
  const clear = useCallback(() => {
    setQuery('');
    setDepartment('');
  }, [setQuery, setDepartment]);
  const list = useMemo(
    () => (
      <SpaceBetween size="m">
        {shown === 0 && <NoMatch query={results} onClear={clear} />}
        {groups.map((group) => (
          <ExpandableSection
            key={group.department}
            variant="container"
            defaultExpanded
            headerText={groupLabel(group.department)}
            headerCounter={`(${group.rows.length})`}
          >
            <StaffGroup rows={group.rows} query={results} mobile={mobile} school={index.directory.school?.name} />
          </ExpandableSection>
        ))}
      </SpaceBetween>
    ),
    [shown, results, clear, groups, groupLabel, mobile],
  );

  if (rows.length === 0) return <EmptyState title={t('directory.empty.noStaff')} />;
  return (
    <SpaceBetween size="m">
      <SearchAndFilterBar
        search={{
          onBlur: flushQuery,
          value: query,
          onChange: setQuery,
          placeholder: t('directory.staff.searchPlaceholder'),
          label: t('directory.staff.searchLabel'),
          matches: shown,
        }}
        filter={{
          value: department,
          onChange: setDepartment,
          allLabel: t('directory.filters.allDepartments'),
          ariaLabel: t('directory.filters.department'),
          options: departmentOptions,
        }}
      />
      <div aria-busy={pending}>{list}</div>
    </SpaceBetween>
  );
}
