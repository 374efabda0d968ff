import type { UpdateSubmitResponse } from '@shared/rules/parent-form';
import { useParentForm } from '../../../lib/parent-form/use-parent-form';
import { useSubmitUpdate, useUpdateFormQuery } from '../api/update-queries';

/** The form of one update link (`/update/{token}`): its read and its answer are TanStack Query's (api/update-queries.ts). */
export function useUpdateForm(token: string, onSubmitted: (result: UpdateSubmitResponse) => void) {
  const query = useUpdateFormQuery(token);
  const { mutateAsync: submit } = useSubmitUpdate(token);
  return useParentForm<UpdateSubmitResponse>({ query, save: submit }, onSubmitted);
}
