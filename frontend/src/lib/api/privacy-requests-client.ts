import {
  MyPrivacyRequestsSchema,
  PrivacyRequestListSchema,
  PrivacyRequestReceiptSchema,
  PrivacyRequestViewSchema,
  type MyPrivacyRequests,
  type PrivacyRequestKind,
  type PrivacyRequestList,
  type PrivacyRequestReceipt,
  type PrivacyRequestUpdate,
  type PrivacyRequestView,
} from '@shared/contracts/privacy-requests-api';
import { apiRequest } from './api-client';

/**
 * Privacy requests (docs/privacy.md): filing from My Profile (signed in) or from the update link (the token in
 * the POST body, no sign-in), and the administrators' queue.
 */
export interface NewPrivacyRequest {
  kind: PrivacyRequestKind;
  details: string;
}

const ADMIN_BASE = '/admin/privacy/requests';

export const privacyRequestsApi = {
  file: (api: string, request: NewPrivacyRequest & { parentId?: string }): Promise<PrivacyRequestReceipt> =>
    apiRequest(api, '/privacy-requests', PrivacyRequestReceiptSchema, { method: 'POST', body: request }),
  /** The caller's own requests (My Profile). */
  mine: (api: string): Promise<MyPrivacyRequests> => apiRequest(api, '/privacy-requests', MyPrivacyRequestsSchema),
  fileByLink: (api: string, token: string, request: NewPrivacyRequest): Promise<PrivacyRequestReceipt> =>
    apiRequest(api, '/update/privacy-request', PrivacyRequestReceiptSchema, {
      method: 'POST',
      body: { token, ...request },
      auth: false,
    }),
  list: (api: string): Promise<PrivacyRequestList> => apiRequest(api, ADMIN_BASE, PrivacyRequestListSchema),
  update: (api: string, id: string, update: PrivacyRequestUpdate): Promise<PrivacyRequestView> =>
    apiRequest(api, `${ADMIN_BASE}/${encodeURIComponent(id)}`, PrivacyRequestViewSchema, { method: 'PUT', body: update }),
};
