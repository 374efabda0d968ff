import ProgressBar, { type ProgressBarProps } from '@cloudscape-design/components/progress-bar';
import { useProgressText } from './use-progress-text';

/**
 * Cloudscape's ProgressBar with the app's percentage: its figure, its `aria-valuetext` and its live region say
 * « 0,5 % » / "0.5%" (useProgressText), where Cloudscape writes "1%" in every language. The features' bars use it
 * (ESLint refuses Cloudscape's bar elsewhere than components/progress/).
 */
export function AppProgressBar(props: ProgressBarProps & { value: number }) {
  const ref = useProgressText<HTMLDivElement>(props.value);
  return (
    <div ref={ref}>
      <ProgressBar {...props} />
    </div>
  );
}
