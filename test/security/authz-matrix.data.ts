/**
 * The authorisation matrix: every API route of lambdas/routes.ts with the status each kind of caller must get.
 * test/security/authz-matrix.test.ts sends every cell over HTTP to a local stack of its own and fails if a route
 * of the route table is missing here.
 *
 * The callers (columns, in this order):
 * - anon: no credentials at all;
 * - unverified: signed in, email never verified;
 * - removed: verified, but no longer in the authorised-email registry (e.g. removed by a progression);
 * - parent: the demo parent, on their own family's data;
 * - other: the same parent aiming at ANOTHER family (a foreign `parentId` on family-scoped routes; the same
 *   request as `parent` elsewhere);
 * - staff, admin: the demo staff member and administrator;
 * - link: an update-link holder with a valid link of the running campaign, without any account (the link goes in
 *   the body of the token routes, and is all they have for the others);
 * - stale: a holder of a link of a closed campaign (expired), or of a link that never existed (foreign/forged:
 *   the second status), without any account;
 * - expired: a former administrator: registered staff, email verified, whose administrator role ended yesterday
 *   while their ID token still claims the `admins` group (the server decides from the role, on every request).
 *
 * The request: GET without a body; other methods with `{}` (token routes: `{ token }`; family-scoped routes
 * as `other`: the foreign parentId); path ids an unknown ULID. So a caller who gets in usually meets a 400
 * (empty body) or a 404 (unknown id): proof it passed the gate. (Starting a progression takes no input: the
 * administrator's `{}` starts one, on this file's own stack.)
 * Cells: the exact status expected. `[expired, forged]` pairs for `stale`.
 */
export const ACTORS = ['anon', 'unverified', 'removed', 'parent', 'other', 'staff', 'admin', 'link', 'stale', 'expired'] as const;
export type Actor = (typeof ACTORS)[number];
export type Cell = number | readonly [number, number];
/**
 * A short-code holder: the code of a paper letter (docs/annual-update.md, "Paper letters"), without any account.
 * A code is an update link a person can type, so the test sends every cell of this column again with the code in
 * place of the link (in the body of the token routes, as a bearer elsewhere) and expects the same status, on every
 * route but the public ones (they answer every caller alike).
 */
export const SHORT_CODE_HOLDER_AS = 'link' satisfies Actor;

export type Row = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell];

/** Routes whose data belongs to one family: `other` aims them at another family's parent. */
export const FAMILY_SCOPED = new Set(['GET /api/profile/form', 'PUT /api/profile']);

/** The error code that goes with each refusal status, by caller. */
export const REFUSAL_CODE: Partial<Record<Actor, Record<number, string>>> = {
  anon: { 401: 'UNAUTHENTICATED' },
  link: { 401: 'UNAUTHENTICATED' },
  stale: { 401: 'UNAUTHENTICATED' },
  unverified: { 403: 'EMAIL_NOT_VERIFIED' },
  removed: { 403: 'NOT_REGISTERED' },
  parent: { 403: 'FORBIDDEN' },
  other: { 403: 'FORBIDDEN' },
  staff: { 403: 'FORBIDDEN' },
  expired: { 403: 'FORBIDDEN' },
};

const NONE: Row = [401, 403, 403, 403, 403, 403, 403, 401, 401, 403]; // admin column filled per route below
const admin = (status: number): Row => [NONE[0], NONE[1], NONE[2], NONE[3], NONE[4], NONE[5], status, NONE[7], NONE[8], NONE[9]];
/** `expired` is a staff member without a record of their own: like staff, except on the profile routes. */
const member = (parent: Cell, other: Cell, staff: Cell, adminStatus: Cell, expired: Cell = staff): Row => [
  401, 403, 403, parent, other, staff, adminStatus, 401, 401, expired,
];

//                                                          anon unver remov parent other staff admin link stale expired
export const MATRIX: Record<string, Row> = {
  'GET /api/health': [200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/validateEmailV2': [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
  'GET /api/me': member(200, 200, 200, 200),
  'GET /api/me/consent-log': member(200, 200, 404, 200),
  'GET /api/admin/parents/{id}/consent-log': admin(404),
  'GET /api/directory': member(200, 200, 200, 200),
  // The printable directory's audit: every member may print (`{}` is not a print request).
  'POST /api/directory/pdf-audit': member(400, 400, 400, 400),
  // The privacy policy is public: everyone reads it, signed in or not.
  'GET /api/privacy-notice': [200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  // Privacy requests: filing is for signed-in members (`{}` is invalid input) and for update-link holders (the link
  // in the body, `{ token }` alone is invalid input); the queue is the administrators'.
  'POST /api/privacy-requests': member(400, 400, 400, 400),
  'GET /api/privacy-requests': member(200, 200, 200, 200),
  'POST /api/update/privacy-request': [400, 400, 400, 400, 400, 400, 400, 400, [400, 400], 400],
  'GET /api/admin/privacy/requests': admin(200),
  'PUT /api/admin/privacy/requests/{id}': admin(400),
  // The one-shot first-administrator appointment: nobody here is FIRST_ADMIN_EMAIL (unset on this stack).
  'POST /api/me/first-admin': member(403, 403, 403, 403),
  // Taking over an unconfirmed account: open to all (`{}` is invalid input); the emailed token is the credential.
  'POST /api/account-recovery/start': [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
  'POST /api/account-recovery/complete': [400, 400, 400, 400, 400, 400, 400, 400, [400, 400], 400],

  // The confidentiality-incident register: administrators only (`{}` is not an incident).
  'GET /api/admin/privacy/incidents': admin(200),
  'POST /api/admin/privacy/incidents': admin(400),
  'PUT /api/admin/privacy/incidents/{incidentId}': admin(400),
  'GET /api/admin/privacy/incidents/export/csv': admin(200),
  'GET /api/admin/privacy/incidents/export/json': admin(200),
  'GET /api/admin/privacy/retention': admin(200),
  'PUT /api/admin/privacy/retention': admin(400),
  'GET /api/admin/privacy/retention/reports': admin(200),

  // A member's own record in the audit: staff (and the former administrator) hold no parent record, an empty list.
  'GET /api/me/activity': member(200, 200, 200, 200),
  'GET /api/me/data': member(200, 200, 404, 200),

  // Annual update: the administrator's routes.
  'GET /api/admin/annual-update': admin(200),
  'POST /api/admin/annual-update/campaigns': admin(400),
  'GET /api/admin/annual-update/campaigns/{campaignId}/participants': admin(404),
  'POST /api/admin/annual-update/campaigns/{campaignId}/close': admin(404),
  // Reopening: `{}` has no deadline, a 400 past the gate.
  'POST /api/admin/annual-update/campaigns/{campaignId}/reopen': admin(400),
  'PUT /api/admin/annual-update/campaigns/{campaignId}/reminders': admin(400),
  'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs': admin(400),
  'GET /api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}': admin(404),
  'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}/continue': admin(404),
  // Paper letters: administrators only; `{}` on an unknown campaign is a 404 (proof it passed the gate).
  'POST /api/admin/annual-update/campaigns/{campaignId}/letters': admin(404),
  'GET /api/admin/annual-update/campaigns/{campaignId}/review': admin(404),
  'POST /api/admin/annual-update/campaigns/{campaignId}/review/{parentId}': admin(400),
  // The update link: the link is the credential; an account changes nothing.
  'POST /api/update/load': [400, 400, 400, 400, 400, 400, 400, 200, [410, 404], 400],
  'POST /api/update/submit': [400, 400, 400, 400, 400, 400, 400, 400, [400, 400], 400],
  // A staff member's link (docs/annual-update.md, "Staff"): a parent's link is not one (404 TOKEN_INVALID).
  'POST /api/update/staff/load': [400, 400, 400, 400, 400, 400, 400, 404, [410, 404], 400],
  'POST /api/update/staff/submit': [400, 400, 400, 400, 400, 400, 400, 400, [400, 400], 400],
  // My Profile: a parent's own family only; staff have no parent record (the demo admin is also a parent).
  'GET /api/profile/form': member(200, 403, 404, 200),
  'PUT /api/profile': member(400, 403, 400, 400),

  // School progression.
  'GET /api/admin/progression': admin(200),
  'POST /api/admin/progression': admin(201),
  'GET /api/admin/progression/{progressionId}': admin(404),
  'POST /api/admin/progression/{progressionId}/analysis': admin(404),
  'PUT /api/admin/progression/{progressionId}/assignments': admin(400),
  'PUT /api/admin/progression/{progressionId}/departures': admin(400),
  'PUT /api/admin/progression/{progressionId}/parent-decisions': admin(400),
  'POST /api/admin/progression/{progressionId}/new-students': admin(400),
  'PUT /api/admin/progression/{progressionId}/new-students/{newStudentId}': admin(400),
  'DELETE /api/admin/progression/{progressionId}/new-students/{newStudentId}': admin(404),
  'POST /api/admin/progression/{progressionId}/parent-lookup': admin(400),
  'GET /api/admin/progression/{progressionId}/review': admin(404),
  'GET /api/admin/progression/{progressionId}/apply': admin(404),
  'POST /api/admin/progression/{progressionId}/apply': admin(400),
  'POST /api/admin/progression/{progressionId}/apply/continue': admin(404),
  'POST /api/admin/progression/{progressionId}/cancel': admin(404),
  'GET /api/admin/progression/{progressionId}/backup': admin(404),
  'GET /api/admin/progression/{progressionId}/backup/{part}': admin(404),

  // Directory administration: import, export, editing.
  'GET /api/admin/directory': admin(200),
  'GET /api/admin/committees/sign-ups': admin(200),
  'GET /api/admin/import/templates': admin(200),
  'POST /api/admin/import/dry-run': admin(400),
  'POST /api/admin/import/apply': admin(400),
  'GET /api/admin/export/csv': admin(200),
  'GET /api/admin/export/json': admin(200),
  'POST /api/admin/parents': admin(400),
  'PUT /api/admin/parents/{id}': admin(400),
  'DELETE /api/admin/parents/{id}': admin(400),
  'PUT /api/admin/parents/{id}/safety-restriction': admin(400),
  'GET /api/admin/duplicates': admin(200),
  'POST /api/admin/duplicates/merge': admin(400),
  'POST /api/admin/duplicates/merges/{id}/undo': admin(404),
  'POST /api/admin/students': admin(400),
  'PUT /api/admin/students/{id}': admin(400),
  'DELETE /api/admin/students/{id}': admin(400),
  'POST /api/admin/staff': admin(400),
  'PUT /api/admin/staff/{id}': admin(400),
  'DELETE /api/admin/staff/{id}': admin(400),
  'POST /api/admin/classes': admin(400),
  'PUT /api/admin/classes/{id}': admin(400),
  'DELETE /api/admin/classes/{id}': admin(400),
  'POST /api/admin/committees': admin(400),
  'PUT /api/admin/committees/{id}': admin(400),
  'DELETE /api/admin/committees/{id}': admin(400),
  // School settings and administrator roles: administrators only (a former administrator too is refused). `{}`
  // is not a settings form nor a handover.
  'GET /api/admin/settings': admin(200),
  'PUT /api/admin/settings': admin(400),
  'GET /api/admin/roles': admin(200),
  'POST /api/admin/roles/handover': admin(400),
  'POST /api/admin/roles/end': admin(400),
  // Messages (docs/messages.md): every member reads theirs and may try to write (`{}` is not a message; who may
  // write to whom is decided past the gate); an unknown message is a 404. The one-click unsubscribe is public: its
  // token is the credential (`{}` has none). The log, the settings and approvals are the administrators'.
  'GET /api/messages': member(200, 200, 200, 200),
  'POST /api/messages': member(400, 400, 400, 400),
  'POST /api/messages/{id}/continue': member(404, 404, 404, 404),
  'POST /api/messages/{id}/read': member(404, 404, 404, 404),
  'POST /api/messages/unsubscribe': [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
  'GET /api/me/message-consents': member(200, 200, 200, 200),
  'PUT /api/me/message-consents': member(400, 400, 400, 400),
  // Families near me (docs/messages.md): every member reads their own choice (a staff member's says they cannot
  // turn it on); `{}` is neither a choice nor a message. Who is a neighbour is decided past the gate.
  'GET /api/me/carpool': member(200, 200, 200, 200),
  'PUT /api/me/carpool': member(400, 400, 400, 400),
  'POST /api/carpool/messages': member(400, 400, 400, 400),
  'GET /api/admin/messages': admin(200),
  'PUT /api/admin/messages/settings': admin(400),
  'POST /api/admin/messages/{id}/decision': admin(400),
};
