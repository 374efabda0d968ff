import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useModalDismiss } from './modal-dismiss';

/**
 * The one confirmation dialog of the app (docs/frontend.md, "Confirmations"): a title, what will happen (the
 * children), Cancel and the action. `typed` is kept for what cannot be undone (closing a campaign, deleting a
 * record, applying a progression, re-issuing every letter): the action waits until the reader types the word of
 * their own language (« confirmer » / "confirm", case ignored); Enter in the box then confirms. Harmless or
 * reversible actions only ask, without a word to type. Without `onConfirm` there is nothing to confirm (nobody to send
 * to, say): the dialog only says why, with one Close button.
 */
export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  /** What will happen, in plain words (counts, what stops working, what can be undone and until when). */
  children: ReactNode;
  /** The action's label; absent with `onConfirm` for a dialog that only informs. */
  confirmLabel?: string;
  /**
   * Absent: nothing can be done from here, the dialog only says why (one Close button). An action that sends a
   * request returns its promise: a second click is ignored until it settles.
   */
  onConfirm?: () => void | Promise<unknown>;
  onDismiss: () => void;
  busy?: boolean;
  /** Irreversible: the reader types the confirmation word first. */
  typed?: boolean;
  /** Under the typed word, what makes the action serious, when « cannot be undone » is not exactly true (a closing that a reopening can undo). */
  typedHint?: string;
  /** Another condition not met yet (a field inside the dialog); the action stays disabled. */
  disabled?: boolean;
  cancelLabel?: string;
  /** The action failed: said at the top of the dialog, which stays open with what was typed. */
  error?: string;
}

/** Whether what was typed is the reader's confirmation word (spaces around and case ignored). */
export function isConfirmationWord(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
}

export function ConfirmDialog({ visible, title, children, confirmLabel, onConfirm, onDismiss, busy, typed, typedHint, disabled, cancelLabel, error }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const word = t('confirmDialog.word');
  const [text, setText] = useState('');
  // An action that returns its promise confirms once until it settles: a double click's second click comes before
  // the page shows the action under way (`busy`), and would send the request twice (a merge then answered
  // « modified meanwhile » to its own first request).
  const running = useRef(false);
  // Each opening starts empty: a word typed for an earlier action never confirms the next one.
  useEffect(() => {
    if (visible) setText('');
  }, [visible]);
  const dismiss = useModalDismiss(visible, onDismiss);
  const ready = !disabled && !busy && (!typed || isConfirmationWord(text, word));
  const confirm = () => {
    if (!ready || running.current) return;
    const action = onConfirm?.();
    if (action instanceof Promise) {
      running.current = true;
      void action.catch(() => undefined).finally(() => (running.current = false));
    }
  };
  // formAction="none": a dialog opened from inside a form never submits that form.
  const footer = onConfirm ? (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="link" formAction="none" onClick={onDismiss}>{cancelLabel ?? t('confirmDialog.cancel')}</Button>
      <Button variant="primary" formAction="none" disabled={!ready && !busy} loading={busy} onClick={confirm}>
        {confirmLabel}
      </Button>
    </SpaceBetween>
  ) : (
    <Button variant="primary" formAction="none" onClick={onDismiss}>{cancelLabel ?? t('confirmDialog.close')}</Button>
  );
  return (
    <Modal visible={visible} onDismiss={dismiss} header={title} footer={<Box float="right">{footer}</Box>}>
      <SpaceBetween size="m">
        {error && <Alert type="error">{error}</Alert>}
        {children}
        {typed && (
          <FormField label={t('confirmDialog.typeLabel', { word })} description={typedHint ?? t('confirmDialog.typeHint')}>
            <Input
              value={text}
              placeholder={word}
              autoComplete={false}
              spellcheck={false}
              onChange={({ detail }) => setText(detail.value)}
              onKeyDown={({ detail }) => {
                if (detail.key === 'Enter') confirm();
              }}
            />
          </FormField>
        )}
      </SpaceBetween>
    </Modal>
  );
}
