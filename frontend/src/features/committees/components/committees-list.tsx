import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createMatcher } from '@shared/rules/search';
import { EmptyState } from '../../../components/directory/empty-state';
import { NoMatch, SearchField } from '../../../components/directory/search-field';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { committeeSearchFields } from '../../../lib/directory/committee-search';
import { Highlight } from '../../../components/directory/highlight';
import { useDeferredSearchText } from '../../../lib/use-url-state';
import { RouterLink } from '../../../components/router-link/router-link';
import { useMe } from '../../../lib/api/me-queries';
import { CommitteeMembers } from './committee-members';

/**
 * A committee open to sign-ups says so, and where a parent joins (a trial's parent found no way from this screen):
 * My Profile, or the yearly update link. Staff read that it welcomes parents.
 */
function Recruiting() {
  const { t } = useTranslation();
  const parent = useMe().data?.userType === 'parent';
  return (
    <Box>
      <Badge color="green">{t('directory.committees.recruiting')}</Badge>{' '}
      {parent ? (
        <>
          {t('directory.committees.joinFrom')} <RouterLink href="/profile">{t('directory.committees.joinLink')}</RouterLink>.
        </>
      ) : (
        t('directory.committees.recruitingParents')
      )}
    </Box>
  );
}

/**
 * Committees (CE first), searchable by committee name or member name. A keystroke updates the search box
 * first; the committees follow the deferred query (`results`) right after.
 */
export function CommitteesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending } = useDeferredSearchText();
  const { directory } = index;

  const positions = useMemo(() => directory.committees.map((_, i) => i), [directory]);
  const match = useMemo(() => createMatcher(positions, committeeSearchFields(directory)), [positions, directory]);
  const shown = useMemo(() => match(results), [match, results]);
  const list = useMemo(
    () => (
      <SpaceBetween size="m">
        {shown.length === 0 && <NoMatch query={results} onClear={() => setQuery('')} />}
        {shown.map((c) => {
          const committee = directory.committees[c]!;
          const members = committee.parents.length + committee.staff.length + committee.others.length;
          return (
            <Container
              key={committee.id}
              header={
                <Header
                  variant="h2"
                  counter={`(${members})`}
                  description={committee.description ? committee.description[lang] : undefined}
                >
                  <Highlight text={committee.name[lang]} query={results} />
                </Header>
              }
            >
              <SpaceBetween size="s">
                {committee.openToSignUps && <Recruiting />}
                <CommitteeMembers index={index} committee={committee} query={results} />
              </SpaceBetween>
            </Container>
          );
        })}
      </SpaceBetween>
    ),
    [shown, results, setQuery, directory, lang, index],
  );

  if (positions.length === 0) return <EmptyState title={t('directory.empty.noCommittees')} />;
  return (
    <SpaceBetween size="m">
      <SearchField
        onBlur={flushQuery}
        value={query}
        onChange={setQuery}
        placeholder={t('directory.committees.searchPlaceholder')}
        label={t('directory.committees.searchLabel')}
        matches={shown.length}
      />
      <div aria-busy={pending}>{list}</div>
    </SpaceBetween>
  );
}
