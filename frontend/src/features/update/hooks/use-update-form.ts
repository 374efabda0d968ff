import { useMemo } from 'react';
import type { UpdateSubmitResponse } from '@shared/rules/parent-form';
import { useParentForm, type ParentFormSource } from '../../../lib/parent-form/use-parent-form';
import { loadUpdateForm } from '../api/update-client';
import { useSubmitUpdate } from '../api/update-queries';

/** The form of one update link (`/update/{token}`). */
export function useUpdateForm(apiBaseUrl: string, token: string, onSubmitted: (result: UpdateSubmitResponse) => void) {
  // The submit is a mutation naming what an answer changes; the load stays the shared form's (lib/parent-form).
  const { mutateAsync: submit } = useSubmitUpdate(token);
  const source = useMemo<ParentFormSource<UpdateSubmitResponse>>(
    () => ({ load: () => loadUpdateForm(apiBaseUrl, token), save: submit }),
    [apiBaseUrl, token, submit],
  );
  return useParentForm(source, onSubmitted);
}
