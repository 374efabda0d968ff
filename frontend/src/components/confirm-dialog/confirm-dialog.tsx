import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * The one confirmation dialog of the app (docs/frontend.md, "Confirmations"): a title, what will happen (the
 * children), Cancel and the action. `typed` is kept for what cannot be undone (closing a campaign, deleting a
 * record, applying a progression, re-issuing every letter): the action waits until the reader types the word of
 * their own language (« confirmer » / "confirm", case ignored); Enter in the box then confirms. Harmless or
 * reversible actions only ask, without a word to type.
 */
export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  /** What will happen, in plain words (counts, what stops working, what can be undone and until when). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onDismiss: () => void;
  busy?: boolean;
  /** Irreversible: the reader types the confirmation word first. */
  typed?: boolean;
  /** Another condition not met yet (a field inside the dialog); the action stays disabled. */
  disabled?: boolean;
  cancelLabel?: string;
}

/** Whether what was typed is the reader's confirmation word (spaces around and case ignored). */
export function isConfirmationWord(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
}

export function ConfirmDialog({ visible, title, children, confirmLabel, onConfirm, onDismiss, busy, typed, disabled, cancelLabel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const word = t('confirmDialog.word');
  const [text, setText] = useState('');
  // Each opening starts empty: a word typed for an earlier action never confirms the next one.
  useEffect(() => {
    if (visible) setText('');
  }, [visible]);
  const ready = !disabled && !busy && (!typed || isConfirmationWord(text, word));
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{cancelLabel ?? t('confirmDialog.cancel')}</Button>
            <Button variant="primary" disabled={!ready && !busy} loading={busy} onClick={() => ready && onConfirm()}>
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {children}
        {typed && (
          <FormField label={t('confirmDialog.typeLabel', { word })} description={t('confirmDialog.typeHint')}>
            <Input
              value={text}
              placeholder={word}
              autoComplete={false}
              spellcheck={false}
              onChange={({ detail }) => setText(detail.value)}
              onKeyDown={({ detail }) => {
                if (detail.key === 'Enter' && ready) onConfirm();
              }}
            />
          </FormField>
        )}
      </SpaceBetween>
    </Modal>
  );
}
