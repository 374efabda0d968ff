import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';

export type Say = (type: FlashbarProps.Type, content: string) => void;

/** The page's one flash message, shown above everything; saying one scrolls it into view. */
export function useFlash() {
  const { t } = useTranslation();
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const topRef = useRef<HTMLDivElement>(null);

  const say: Say = useCallback((type, content) => {
    const id = `${Date.now()}-${Math.random()}`;
    setFlash([{ id, type, content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash((all) => all.filter((m) => m.id !== id)) }]);
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }, [t]);

  return { flash, setFlash, say, topRef };
}
