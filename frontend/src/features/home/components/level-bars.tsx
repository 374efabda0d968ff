import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { LevelCount } from '../../../lib/directory/statistics';

const BAR = { height: 10, borderRadius: 5, background: 'currentColor' } as const;

/**
 * Students by level as plain horizontal bars: readable at 375 px, no chart library in the dashboard's chunk.
 * The bar takes the theme's info colour through `currentColor`, so light, dark and brand themes all work;
 * each row's text carries the figure, so the bars themselves are hidden from screen readers.
 */
export function LevelBars({ counts, label }: { counts: LevelCount[]; label: (code: string) => string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <SpaceBetween size="s">
      {counts.map(({ code, count }) => (
        <div key={code}>
          <Box variant="span">
            {t('directory.home.levelRow', { level: label(code), students: t('directory.home.studentCount', { count }) })}
          </Box>
          <Box color="text-status-info">
            <div aria-hidden="true" style={{ ...BAR, width: `${(count / max) * 100}%`, minWidth: count > 0 ? 4 : 0 }} />
          </Box>
        </div>
      ))}
    </SpaceBetween>
  );
}
