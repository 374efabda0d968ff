import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import Button from '@cloudscape-design/components/button';
import CloudscapePagination, { type PaginationProps } from '@cloudscape-design/components/pagination';
import { useBreakpoint } from '../layout/use-breakpoint';

const ONE_ROW: CSSProperties = { display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: 8 };
const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

type Props = Pick<PaginationProps, 'currentPageIndex' | 'pagesCount' | 'onChange'>;

/**
 * Page numbers on a screen wide enough for them; on a phone (narrower than 600 px) "‹ Page 2 of 14 ›", because
 * Cloudscape's nine numbers and two arrows need about 300 px and wrapped the "next" arrow onto a line of its own
 * at 375 px (every directory list and the admin lists). Same props and events as Cloudscape's Pagination.
 *
 * The arrows and the words sit in one row that never wraps. It was a SpaceBetween row, which wraps (`flex-wrap:
 * wrap`, each control in a box of its own): whenever a list's toolbar gave the pager less than its full width, the
 * "›" dropped under « Page 1 sur 13 » (a trial saw it on the participants manager at 375 px). Now the row keeps its
 * width and Cloudscape's toolbar moves it to a line of its own instead.
 */
export function Pagination(props: Props) {
  const narrow = useBreakpoint() === 'default';
  if (!narrow) return <CloudscapePagination {...props} />;
  return <CompactPagination {...props} />;
}

function CompactPagination({ currentPageIndex, pagesCount, onChange }: Props) {
  const { t } = useTranslation();
  if (pagesCount <= 1) return null;
  const go = (index: number) => onChange?.(new CustomEvent('change', { detail: { currentPageIndex: index } }));
  return (
    <nav aria-label={t('common.pagination.label')}>
      <div style={ONE_ROW}>
        <Button
          variant="icon"
          iconName="angle-left"
          ariaLabel={t('common.pagination.previous')}
          disabled={currentPageIndex <= 1}
          onClick={() => go(currentPageIndex - 1)}
        />
        <span style={NO_WRAP}>{t('common.pagination.page', { current: currentPageIndex, total: pagesCount })}</span>
        <Button
          variant="icon"
          iconName="angle-right"
          ariaLabel={t('common.pagination.next')}
          disabled={currentPageIndex >= pagesCount}
          onClick={() => go(currentPageIndex + 1)}
        />
      </div>
    </nav>
  );
}
