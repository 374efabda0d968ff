import { PrintAuditResponseSchema, type PrintAuditRequest, type PrintAuditResponse } from '@shared/contracts/directory-print-api';
import { apiRequest } from '../api/api-client';

/** POST /api/directory/pdf-audit: records a printable directory before it is built (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md). */
export function recordDirectoryPrint(apiBaseUrl: string, request: PrintAuditRequest): Promise<PrintAuditResponse> {
  return apiRequest(apiBaseUrl, '/directory/pdf-audit', PrintAuditResponseSchema, { method: 'POST', body: request });
}
