import type { CSSProperties, ReactNode } from 'react';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';

const WHOLE_WORDS: CSSProperties = { wordBreak: 'normal', overflowWrap: 'anywhere' };

/**
 * A status whose words wrap whole: Cloudscape's StatusIndicator breaks its text anywhere (`word-break: break-all`),
 * which cut « sans réponse » into « sans rép / onse » in a table cell, and « vous pouvez créer un compte » into
 * « cr / éer » under the sign-up's email on a phone (trials).
 */
export function WholeWordsStatus({ type, children }: { type: StatusIndicatorProps.Type; children: ReactNode }) {
  return (
    <StatusIndicator type={type}>
      <span style={WHOLE_WORDS}>{children}</span>
    </StatusIndicator>
  );
}
