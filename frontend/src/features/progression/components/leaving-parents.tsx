import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { WorkspaceParentDecision } from '@shared/contracts/progression-api';
import { fullName } from '../../../lib/directory/names';
import { decisionReason } from '../model/students';

/**
 * The parents of one leaving student (graduating or departing), each with the server's remove/keep status and
 * a control to override it (docs/product-rules.md: a parent with another child stays, a sole parent is removed).
 */
export function LeavingParents({ parentIds, decisions, disabled, onDecide }: {
  parentIds: string[];
  decisions: readonly WorkspaceParentDecision[];
  disabled: boolean;
  onDecide: (decision: WorkspaceParentDecision, status: 'remove' | 'keep') => void;
}) {
  const { t } = useTranslation();
  const shown = parentIds
    .map((id) => decisions.find((d) => d.parentId === id))
    .filter((d): d is WorkspaceParentDecision => d !== undefined);
  if (shown.length === 0) return <Box color="text-body-secondary">{t('progression.parents.none')}</Box>;
  return (
    <SpaceBetween size="s">
      {shown.map((decision) => (
        <div key={decision.parentId} data-parent-decision={decision.status}>
          <SpaceBetween size="xxs">
            <Box fontWeight="bold">{fullName(decision)}</Box>
            <StatusIndicator type={decision.status === 'remove' ? 'warning' : 'success'}>
              {t(`progression.parents.status.${decision.status}`)}
            </StatusIndicator>
            <Box variant="small" color="text-body-secondary">
              {t(`progression.parents.reason.${decisionReason(decision)}`)}
              {decision.overridden ? ` ${t('progression.parents.overridden')}` : ''}
            </Box>
            <SegmentedControl
              label={t('progression.parents.choiceFor', { name: fullName(decision) })}
              selectedId={decision.status}
              onChange={({ detail }) => {
                if (detail.selectedId !== decision.status) onDecide(decision, detail.selectedId as 'remove' | 'keep');
              }}
              options={[
                { id: 'keep', text: t('progression.parents.keep'), disabled },
                { id: 'remove', text: t('progression.parents.remove'), disabled: disabled || decision.lockedByNewStudent },
              ]}
            />
            {decision.lockedByNewStudent && (
              <Box variant="small" color="text-body-secondary">{t('progression.parents.locked')}</Box>
            )}
          </SpaceBetween>
        </div>
      ))}
    </SpaceBetween>
  );
}
