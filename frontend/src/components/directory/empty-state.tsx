import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** Cloudscape's empty-state pattern: a bold title, a sentence, and at most one action. */
export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
      <SpaceBetween size="xxs">
        <Box variant="strong" color="inherit">
          {title}
        </Box>
        {body && (
          <Box variant="p" color="inherit">
            {body}
          </Box>
        )}
        {action}
      </SpaceBetween>
    </Box>
  );
}
