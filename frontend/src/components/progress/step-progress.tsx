import { useTranslation } from 'react-i18next';
import { AppProgressBar } from './app-progress-bar';
import { percentOf } from './use-progress-text';

/**
 * What a long admin action is doing (docs/annual-update.md, "Long actions"): its name, « Étape 1 sur 2 : création
 * des codes… » and a bar. The bar follows the steps done, or `value` when the step itself counts (emails sent of
 * the total). A polite live region, so a screen reader hears each new step. The figure at the bar's end is hidden,
 * like the campaign bar's (`info` says counts in words when there are any); its text and what a screen reader hears
 * are the app's percentage (useProgressText: « 12,5 % »), not Cloudscape's rounded "13%".
 */
export function StepProgress({ label, steps, current, value, info }: {
  label: string;
  /** Each step's words, in order ("création des codes"). */
  steps: readonly string[];
  /** The step under way (0-based). */
  current: number;
  /** The bar's percentage (0 to 100, to a tenth: `percentOf`); by default the share of the steps done. */
  value?: number;
  info?: string;
}) {
  const { t } = useTranslation();
  const index = Math.min(Math.max(current, 0), steps.length - 1);
  const description = t('progress.step', { n: index + 1, total: steps.length, step: steps[index] });
  const shown = value ?? percentOf(index, steps.length);
  return (
    <div aria-live="polite" data-testid="step-progress">
      <AppProgressBar
        label={label}
        description={description}
        value={shown}
        style={{ progressPercentage: { fontSize: '0' } }}
        {...(info ? { additionalInfo: info } : {})}
      />
    </div>
  );
}
