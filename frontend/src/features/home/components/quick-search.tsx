import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createMatcher } from '../../../../../shared/search';
import { RouterLink } from '../../../components/router-link/router-link';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { departmentLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { studentDetails, summarizeStudent } from '../../../lib/directory/student-info';
import { Highlight } from '../../../components/directory/highlight';
import { useUrlSearchText } from '../../../lib/use-url-state';

/** How many hits each category shows before "see all". */
const PREVIEW = 5;

interface Hit {
  key: number;
  name: string;
  detail?: string;
}

function Category({ title, hits, path, query }: { title: string; hits: Hit[]; path: string; query: string }) {
  const { t } = useTranslation();
  const href = `${path}?q=${encodeURIComponent(query)}`;
  return (
    <SpaceBetween size="xs">
      <Box variant="h3" padding="n">
        {title} ({hits.length})
      </Box>
      {hits.length === 0 && <Box color="text-body-secondary">{t('directory.home.noHits')}</Box>}
      {hits.slice(0, PREVIEW).map((hit) => (
        <div key={hit.key}>
          <RouterLink href={href}>
            <Highlight text={hit.name} query={query} />
          </RouterLink>
          {hit.detail && (
            <Box variant="small" display="block" color="text-body-secondary">
              {hit.detail}
            </Box>
          )}
        </div>
      ))}
      {hits.length > PREVIEW && <RouterLink href={href}>{t('directory.home.seeAll', { count: hits.length })}</RouterLink>}
    </SpaceBetween>
  );
}

/** One box that searches students, parents, staff and committees; each hit opens its list with the query. */
export function QuickSearch({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { value: query, setValue: setQuery, flush: flushQuery } = useUrlSearchText();
  const { directory } = index;

  const matchers = useMemo(() => {
    const students: Hit[] = directory.students.map((_, s) => {
      const summary = summarizeStudent(index, s, lang);
      return { key: s, name: summary.name, detail: studentDetails(summary) };
    });
    const parents: Hit[] = index.parentsByName.map((p) => ({ key: p, name: fullName(directory.parents[p]!) }));
    const staff: Hit[] = index.staffByName.map((m) => {
      const member = directory.staff[m]!;
      const detail = `${member.title[lang]} · ${departmentLabel(member.department, lang)}`;
      return { key: m, name: fullName(member), detail };
    });
    const committees: Hit[] = directory.committees.map((c, i) => ({ key: i, name: c.name[lang] }));
    return {
      students: createMatcher(students, (hit) => [hit.name]),
      parents: createMatcher(parents, (hit) => [hit.name]),
      staff: createMatcher(staff, (hit) => [hit.name, hit.detail]),
      committees: createMatcher(committees, (hit) => [hit.name]),
    };
  }, [directory, index, lang]);

  const active = query.trim() !== '';
  return (
    <SpaceBetween size="m">
      <Input
        type="search"
        value={query}
        onChange={({ detail }) => setQuery(detail.value)}
        onBlur={flushQuery}
        placeholder={t('directory.home.searchPlaceholder')}
        ariaLabel={t('directory.home.searchPlaceholder')}
        clearAriaLabel={t('directory.search.clear')}
      />
      {active && (
        <ColumnLayout columns={2} variant="text-grid">
          <Category title={t('nav.students')} hits={matchers.students(query)} path="/students" query={query} />
          <Category title={t('nav.parents')} hits={matchers.parents(query)} path="/parents" query={query} />
          <Category title={t('nav.staff')} hits={matchers.staff(query)} path="/staff" query={query} />
          <Category title={t('nav.committees')} hits={matchers.committees(query)} path="/committees" query={query} />
        </ColumnLayout>
      )}
    </SpaceBetween>
  );
}
