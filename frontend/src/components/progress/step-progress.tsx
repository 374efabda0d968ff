import { useTranslation } from 'react-i18next';
import ProgressBar from '@cloudscape-design/components/progress-bar';

/**
 * What a long admin action is doing (docs/annual-update.md, "Long actions"): its name, « Étape 1 sur 2 : création
 * des codes… » and a bar. The bar follows the steps done, or `value` when the step itself counts (emails sent of
 * the total). A polite live region, so a screen reader hears each new step. Cloudscape's own "0%" at the bar's end
 * is in no language's format: hidden, like the campaign bar's (`info` says counts in words when there are any).
 */
export function StepProgress({ label, steps, current, value, info }: {
  label: string;
  /** Each step's words, in order ("création des codes"). */
  steps: readonly string[];
  /** The step under way (0-based). */
  current: number;
  /** The bar's percentage; by default the share of the steps done. */
  value?: number;
  info?: string;
}) {
  const { t } = useTranslation();
  const index = Math.min(Math.max(current, 0), steps.length - 1);
  const description = t('progress.step', { n: index + 1, total: steps.length, step: steps[index] });
  return (
    <div aria-live="polite" data-testid="step-progress">
      <ProgressBar
        label={label}
        description={description}
        value={value ?? Math.round((index / steps.length) * 100)}
        style={{ progressPercentage: { fontSize: '0' } }}
        {...(info ? { additionalInfo: info } : {})}
      />
    </div>
  );
}
