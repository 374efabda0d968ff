import { EndRoleRequestSchema, HandoverRequestSchema } from '@shared/contracts/admin-roles-api';
import { SettingsUpdateSchema } from '@shared/contracts/school-settings-api';
import { normalizeEmail } from '@shared/rules/email';
import { parseWith, type RouteHandlers, type SignedInRequest } from '../common/http';
import { editContext } from './edit-handlers';
import { endRole, handOverAdministration, readRoles, type RolesCaller } from './roles/roles-service';
import { readSettingsForForm, updateSettings } from './settings/settings-service';

/** The school settings screen and the administrator roles (docs/data-onboarding.md, docs/operations.md). */

function rolesCaller(request: SignedInRequest): RolesCaller {
  return { email: normalizeEmail(request.caller.email), actor: editContext(request).actor };
}

export const settingsRolesHandlers: RouteHandlers = {
  'GET /api/admin/settings': async () => ({ body: await readSettingsForForm() }),
  'PUT /api/admin/settings': async (request) => {
    const update = parseWith(SettingsUpdateSchema, request.body);
    const outcome = await updateSettings(update, editContext(request).actor);
    if (!outcome.ok) {
      const fields = outcome.issues.map((issue) => ({ path: issue.path, issue: issue.code }));
      return { status: 400, body: { error: { code: 'VALIDATION_FAILED', fields }, issues: outcome.issues } };
    }
    return { body: { settings: outcome.settings, stored: true } };
  },

  'GET /api/admin/roles': async (request) => ({ body: await readRoles(rolesCaller(request)) }),
  'POST /api/admin/roles/handover': async (request) => {
    const input = parseWith(HandoverRequestSchema, request.body);
    return { status: 201, body: await handOverAdministration(input, rolesCaller(request), input.lang ? { lang: input.lang } : {}) };
  },
  'POST /api/admin/roles/end': async (request) => ({
    body: await endRole(parseWith(EndRoleRequestSchema, request.body), rolesCaller(request)),
  }),
};
