import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CloudscapePagination, { type PaginationProps } from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useBreakpoint } from '../layout/use-breakpoint';

type Props = Pick<PaginationProps, 'currentPageIndex' | 'pagesCount' | 'onChange'>;

/**
 * Page numbers on a screen wide enough for them; on a phone (narrower than 600 px) "‹ Page 2 of 14 ›", because
 * Cloudscape's nine numbers and two arrows need about 300 px and wrapped the "next" arrow onto a line of its own
 * at 375 px (every directory list and the admin lists). Same props and events as Cloudscape's Pagination.
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
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Button
          variant="icon"
          iconName="angle-left"
          ariaLabel={t('common.pagination.previous')}
          disabled={currentPageIndex <= 1}
          onClick={() => go(currentPageIndex - 1)}
        />
        <Box>{t('common.pagination.page', { current: currentPageIndex, total: pagesCount })}</Box>
        <Button
          variant="icon"
          iconName="angle-right"
          ariaLabel={t('common.pagination.next')}
          disabled={currentPageIndex >= pagesCount}
          onClick={() => go(currentPageIndex + 1)}
        />
      </SpaceBetween>
    </nav>
  );
}
