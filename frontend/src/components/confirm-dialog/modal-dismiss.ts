import { useCallback, useEffect, useRef } from 'react';
import type { NonCancelableCustomEvent } from '@cloudscape-design/components/interfaces';
import type { ModalProps } from '@cloudscape-design/components/modal';

/**
 * How long after a dialog opens a click on the dimmed page around it is taken for the second click of a double click
 * on the button that opened it, not for a wish to close it: the dialog appears under the pointer, and Cloudscape's
 * Modal closes on a click outside it (a trial's « Envoyer à la sélection », double-clicked, opened and closed at once).
 * Longer than the systems' double-click interval (500 ms by default on Windows), short enough that nobody who meant
 * to close the dialog notices.
 */
export const DOUBLE_CLICK_GRACE_MS = 600;

/**
 * The Modal's onDismiss for `onDismiss`: a click on the page around the dialog closes it as before, except in the
 * first moments after it opened (DOUBLE_CLICK_GRACE_MS). Escape and the close button always close it.
 */
export function useModalDismiss(visible: boolean, onDismiss: () => void): (event: NonCancelableCustomEvent<ModalProps.DismissDetail>) => void {
  const openedAt = useRef(0);
  useEffect(() => {
    if (visible) openedAt.current = performance.now();
  }, [visible]);
  return useCallback(
    ({ detail }: NonCancelableCustomEvent<ModalProps.DismissDetail>) => {
      if (detail.reason === 'overlay' && performance.now() - openedAt.current < DOUBLE_CLICK_GRACE_MS) return;
      onDismiss();
    },
    [onDismiss],
  );
}
