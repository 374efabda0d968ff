import { CommitteeSignUpsResponseSchema, type CommitteeSignUpsResponse } from '@shared/contracts/committee-sign-ups-api';
import { apiRequest } from './api-client';

/** New committee sign-ups from the parent form, for the administrators' dashboard (docs/product-rules.md). */
export const committeeSignUpsApi = {
  recent: (api: string): Promise<CommitteeSignUpsResponse> =>
    apiRequest(api, '/admin/committees/sign-ups', CommitteeSignUpsResponseSchema),
};
