import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import { Pagination } from '../../../components/pagination/pagination';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ProgressionWorkspace, WorkspaceParentDecision } from '@shared/contracts/progression-api';
import { compareNames, fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';
import { placement } from '../model/review-summary';
import { matchesText } from '../model/students';
import { LeavingParents } from './leaving-parents';

/** Step 3: the students who finish their last year, and what happens to each of their parents. */
export function GraduatesStep({ workspace, saving, onDecide }: {
  workspace: ProgressionWorkspace;
  saving: boolean;
  onDecide: (decision: WorkspaceParentDecision, status: 'remove' | 'keep') => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const labels = { levels: workspace.levels, classes: workspace.classes, lang };
  const graduates = workspace.students.filter((s) => s.outcome === 'graduates').sort(compareNames);
  const { items, collectionProps, filterProps, filteredItemsCount, paginationProps } = useCollection(graduates, {
    filtering: { filteringFunction: (s, text) => matchesText([fullName(s)], text) },
    pagination: { pageSize: 30 },
  });
  return (
    <Cards
      {...collectionProps}
      items={items}
      trackBy="studentId"
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      header={
        <Header variant="h2" counter={`(${graduates.length})`} description={t('progression.graduates.description')}>
          {t('progression.graduates.title')}
        </Header>
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder={t('progression.graduates.filter')}
          filteringAriaLabel={t('progression.graduates.filter')}
          countText={t('progression.results', { count: filteredItemsCount ?? 0 })}
        />
      }
      pagination={<Pagination {...paginationProps} />}
      empty={
        <Box textAlign="center" padding="l">
          {filterProps.filteringText ? t('progression.noMatch') : t('progression.graduates.empty')}
        </Box>
      }
      cardDefinition={{
        header: (s) => fullName(s),
        sections: [
          { id: 'class', header: t('progression.graduates.class'), content: (s) => placement(labels, s.currentLevel, s.currentClassId) },
          {
            id: 'parents',
            header: t('progression.parents.title'),
            content: (s) => (
              <LeavingParents parentIds={s.parentIds} decisions={workspace.parentDecisions} disabled={saving} onDecide={onDecide} />
            ),
          },
        ],
      }}
    />
  );
}
