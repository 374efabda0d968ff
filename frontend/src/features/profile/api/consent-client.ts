import { ConsentLogResponseSchema, type ConsentEntry } from '@shared/contracts/privacy-consent-api';
import { apiRequest } from '../../../lib/api/api-client';

/** The caller's own consent log, newest first (docs/privacy.md, "Consent log"). */
export const loadMyConsentLog = (apiBaseUrl: string): Promise<ConsentEntry[]> =>
  apiRequest(apiBaseUrl, '/me/consent-log', ConsentLogResponseSchema).then((r) => r.entries);
