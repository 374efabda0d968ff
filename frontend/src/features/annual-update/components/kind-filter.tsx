import { useTranslation } from 'react-i18next';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { KIND_FILTERS, type KindFilter } from '../model/staff-filter';

/** "All / Parents / Staff" above the participants, when the campaign includes staff (docs/annual-update.md, "Staff"). */
export function KindFilterControl({ state }: {
  state: { kind: KindFilter; setKind: (kind: KindFilter) => void; hasStaff: boolean };
}) {
  const { t } = useTranslation();
  if (!state.hasStaff) return null;
  return (
    <SegmentedControl
      label={t('staffUpdate.manager.filterLabel')}
      selectedId={state.kind}
      options={KIND_FILTERS.map((id) => ({ id, text: t(`staffUpdate.manager.filter_${id}`) }))}
      onChange={({ detail }) => state.setKind(detail.selectedId as KindFilter)}
    />
  );
}
