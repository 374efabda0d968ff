import {
  MyDataCsvResponseSchema,
  MyDataResponseSchema,
  type MyDataCsvResponse,
  type MyDataResponse,
} from '../../../../../shared/my-data-api';
import { apiRequest } from '../../../lib/api/api-client';

/** "Download my data" (docs/privacy.md): everything held about the caller, as JSON or CSV files. Audited. */
export const myDataApi = {
  json: (apiBaseUrl: string): Promise<MyDataResponse> => apiRequest(apiBaseUrl, '/me/data?format=json', MyDataResponseSchema),
  csv: (apiBaseUrl: string): Promise<MyDataCsvResponse['files']> =>
    apiRequest(apiBaseUrl, '/me/data?format=csv', MyDataCsvResponseSchema).then((r) => r.files),
};
