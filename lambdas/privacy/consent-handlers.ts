import type { ConsentLogResponse } from '@shared/contracts/privacy-consent-api';
import { IdSchema } from '@shared/schemas/common';
import { AppError } from '../common/errors';
import type { RouteHandlers } from '../common/http';
import { getEntity } from '../directory/public';
import { listConsent } from '../directory/public';

/**
 * The consent log's two readings (docs/privacy.md, "Consent log"): a parent reads the entries of their own parent
 * records (an email may hold two), an administrator those of one parent. Writes happen with each change, in the
 * contexts that make it.
 */
export const consentRoutes: RouteHandlers = {
  'GET /api/me/consent-log': async ({ people }) => {
    const parentIds = people.filter((p) => p.personType === 'PARENT').map((p) => p.personId);
    if (parentIds.length === 0) throw new AppError('NOT_FOUND');
    const logs = await Promise.all(parentIds.map((id) => listConsent(id)));
    const body: ConsentLogResponse = { entries: logs.flat().sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id)) };
    return { body };
  },
  'GET /api/admin/parents/{id}/consent-log': async ({ pathParameters }) => {
    const id = IdSchema.safeParse(pathParameters.id);
    if (!id.success || !(await getEntity('PARENT', id.data, { consistent: false }))) throw new AppError('NOT_FOUND');
    const body: ConsentLogResponse = { entries: await listConsent(id.data) };
    return { body };
  },
};
