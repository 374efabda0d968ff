import { useCallback, useEffect, useState } from 'react';
import type { Incident } from '../../../../../shared/privacy-incidents-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { incidentsApi } from '../api/incidents-client';
import { useErrorText as useSharedErrorText } from '../../../lib/api/use-error-text';

/** An API error as a sentence in the admin's language (generic: `privacyIncidents.errors.generic`). */
export const useErrorText = () => useSharedErrorText('privacyIncidents.errors.generic');

/** What the page is showing: the register, or the form for a new or an existing incident. */
export type RegisterView = { mode: 'list' } | { mode: 'form'; incident?: Incident };

/** The register's list (loading, error, retry), the open form, and the success message of the last action. */
export function useIncidentRegister() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [incidents, setIncidents] = useState<Incident[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<RegisterView>({ mode: 'list' });
  const [flash, setFlash] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setLoadError(null);
    incidentsApi.list(apiBaseUrl).then(
      (list) => !cancelled && (setIncidents(list), setLoading(false)),
      (error: unknown) => !cancelled && (setLoadError(error), setLoading(false)),
    );
    return () => {
      cancelled = true;
    };
  }, [apiBaseUrl, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const open = useCallback((incident?: Incident) => {
    setFlash(null);
    setView({ mode: 'form', incident });
  }, []);
  const close = useCallback(() => setView({ mode: 'list' }), []);
  /** After a save: back to the list, which is read again, with the message. */
  const saved = useCallback((message: string) => {
    setView({ mode: 'list' });
    setFlash(message);
    setAttempt((n) => n + 1);
  }, []);
  return { incidents, loading, loadError, reload, view, open, close, saved, flash, setFlash };
}
