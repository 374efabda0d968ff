import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { RouterLink } from '../../../components/router-link/router-link';
import { openCommitteeNames } from '../../../lib/committees/committee-rows';
import type { CommitteesState } from '../../../lib/committees/use-admin-committees';
import { useLanguage } from '../../../lib/use-language';

/**
 * The campaign summary's line on the committees that recruit (docs/annual-update.md, "Committees that recruit"):
 * their names as they stand now, or plainly none, with the way to the committees screen.
 */
export function RecruitingCommittees({ committees }: { committees: CommitteesState }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (committees.kind === 'loading') return <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  const names = committees.kind === 'ready' ? openCommitteeNames(committees.rows, lang) : [];
  return (
    <div data-testid="recruiting-summary">
      <Box>
        {committees.kind === 'failed' ? '—' : names.length === 0 ? t('adminCommittees.recruiting.summaryNone') : new Intl.ListFormat(lang, { type: 'conjunction' }).format(names)}
      </Box>
      <RouterLink href="/admin/committees">{t('adminCommittees.recruiting.manage')}</RouterLink>
    </div>
  );
}
