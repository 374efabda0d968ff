import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { KIND_FILTERS, type KindFilter } from '../model/staff-filter';

/**
 * "All / Parents / Staff" beside the other filters, when the campaign includes staff (docs/annual-update.md,
 * "Staff"). A Select like the status filter: the same control at 1440 px and at 375 px.
 */
export function KindFilterControl({ state }: {
  state: { kind: KindFilter; setKind: (kind: KindFilter) => void; hasStaff: boolean };
}) {
  const { t } = useTranslation();
  if (!state.hasStaff) return null;
  const option = (value: KindFilter): SelectProps.Option => ({ value, label: t(`staffUpdate.manager.filter_${value}`) });
  // Wide enough for its inline label ("Participants") beside the value: left to its content, the label broke mid-word.
  return (
    <div style={{ minWidth: '10rem' }}>
      <Select
        selectedOption={option(state.kind)}
        options={KIND_FILTERS.map(option)}
        onChange={({ detail }) => state.setKind(detail.selectedOption.value as KindFilter)}
        inlineLabelText={t('staffUpdate.manager.filterLabel')}
        ariaLabel={t('staffUpdate.manager.filterLabel')}
      />
    </div>
  );
}
