import { MyDataResponseSchema, type MyDataResponse } from '@shared/contracts/my-data-api';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * "Download my data" (docs/privacy.md): everything held about the caller, as JSON (the frontend words it in the
 * reader's language, components/my-data-files.ts). Audited. The server's `?format=csv` stays for API clients.
 */
export const myDataApi = {
  json: (apiBaseUrl: string): Promise<MyDataResponse> => apiRequest(apiBaseUrl, '/me/data?format=json', MyDataResponseSchema),
};
