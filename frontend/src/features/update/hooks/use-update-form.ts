import { useMemo } from 'react';
import type { UpdateSubmitResponse } from '@shared/rules/parent-form';
import { useParentForm, type ParentFormSource } from '../../../lib/parent-form/use-parent-form';
import { loadUpdateForm, submitUpdateForm } from '../api/update-client';

/** The form of one update link (`/update/{token}`). */
export function useUpdateForm(apiBaseUrl: string, token: string, onSubmitted: (result: UpdateSubmitResponse) => void) {
  const source = useMemo<ParentFormSource<UpdateSubmitResponse>>(
    () => ({
      load: () => loadUpdateForm(apiBaseUrl, token),
      save: (input) => submitUpdateForm(apiBaseUrl, token, input),
    }),
    [apiBaseUrl, token],
  );
  return useParentForm(source, onSubmitted);
}
