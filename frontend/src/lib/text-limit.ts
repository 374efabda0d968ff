import { useCallback } from 'react';
import { useFieldErrorText } from './parent-form/use-error-text';

/**
 * A text longer than its field allows is kept whole and said under its field, and the form will not send it until it
 * is shortened: a message pasted past the limit used to be cut there without a word, its end (a link) lost (a trial).
 */
export function useTooLongText(): (text: string, max: number) => string | undefined {
  const fieldErrorText = useFieldErrorText();
  return useCallback((text: string, max: number) => (text.length > max ? fieldErrorText('tooLong', max) : undefined), [fieldErrorText]);
}
