import { useCallback, useState } from 'react';
import type { Incident } from '@shared/contracts/privacy-incidents-api';
import { useErrorText as useSharedErrorText } from '../../../lib/api/use-error-text';

/** An API error as a sentence in the admin's language (generic: `privacyIncidents.errors.generic`). */
export const useErrorText = () => useSharedErrorText('privacyIncidents.errors.generic');

/** What the page is showing: the register, or the form for a new or an existing incident. */
export type RegisterView = { mode: 'list' } | { mode: 'form'; incident?: Incident };

/** The open view (the register, or the form) and the success message of the last action; the list is `useIncidents`. */
export function useIncidentRegister() {
  const [view, setView] = useState<RegisterView>({ mode: 'list' });
  const [flash, setFlash] = useState<string | null>(null);
  const open = useCallback((incident?: Incident) => {
    setFlash(null);
    setView({ mode: 'form', incident });
  }, []);
  const close = useCallback(() => setView({ mode: 'list' }), []);
  /** After a save: back to the list (the save's mutation reads it again), with the message. */
  const saved = useCallback((message: string) => {
    setView({ mode: 'list' });
    setFlash(message);
  }, []);
  return { view, open, close, saved, flash, setFlash };
}
