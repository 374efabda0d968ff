/**
 * Every API route, in one table. The CDK stack and the local gateway build API Gateway's methods from it
 * (lambdas/gateway-layout.ts: a greedy resource where one context serves a part of the tree), each context's handler enforces its access level, and the authorisation-matrix test checks
 * that no route is missing. Pure data: no imports of handler code, so CDK may read it at synth time.
 *
 * access:
 * - public: anyone (no token). Rate limited where it says so.
 * - token:  anyone holding an update link; the token travels in the POST body, never in the path.
 * - member: a signed-in user with a verified email whose email is still in the registry.
 * - admin:  a member holding an administrator role active today (lambdas/registry/admin-roles.ts); the `admins`
 *           Cognito group only mirrors it for the frontend.
 */
export type Access = 'public' | 'token' | 'member' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Bounded contexts: one Lambda function each, entry file `lambdas/<context>/index.ts`. */
export const CONTEXTS = [
  'system',
  'auth',
  'account-recovery',
  'directory',
  'annual-update',
  'progression',
  'admin',
  'privacy',
  'messages',
] as const;
export type Context = (typeof CONTEXTS)[number];

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway resource path, with `{param}` placeholders. Always starts with /api/. */
  path: string;
  context: Context;
  access: Access;
  /** Name used in logs and as the route key `METHOD path`. */
  name: string;
  /** Largest JSON body this route accepts, when it is not lambdas/common/http.ts MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** The route takes no input: a body other than none or `{}` is refused (400), never silently ignored. */
  noBody?: true;
  /**
   * The route also takes an `application/x-www-form-urlencoded` body, read as an object of strings: the one-click
   * unsubscribe a mail program posts (RFC 8058, docs/messages.md). Every other route takes JSON only.
   */
  acceptsForm?: true;
}

export const ROUTES = [
  { method: 'GET', path: '/api/health', context: 'system', access: 'public', name: 'health' },
  { method: 'POST', path: '/api/validateEmailV2', context: 'auth', access: 'public', name: 'validateEmail' },
  { method: 'GET', path: '/api/me', context: 'auth', access: 'member', name: 'me' },
  // The one-shot first-administrator appointment (docs/auth.md).
  { method: 'POST', path: '/api/me/first-admin', context: 'auth', access: 'member', name: 'firstAdmin', noBody: true },
  // Taking over an unconfirmed account by proving the mailbox (docs/auth.md).
  { method: 'POST', path: '/api/account-recovery/start', context: 'account-recovery', access: 'public', name: 'recoveryStart' },
  { method: 'POST', path: '/api/account-recovery/complete', context: 'account-recovery', access: 'token', name: 'recoveryComplete' },
  { method: 'GET', path: '/api/directory', context: 'directory', access: 'member', name: 'directory' },
  // Each printable directory (PDF built in the browser) is audited first (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md).
  { method: 'POST', path: '/api/directory/pdf-audit', context: 'directory', access: 'member', name: 'directoryPdfAudit' },
  // The public privacy policy, generated from the school's settings (docs/privacy.md).
  { method: 'GET', path: '/api/privacy-notice', context: 'privacy', access: 'public', name: 'privacyNotice', noBody: true },
  // The consent log (docs/privacy.md): a parent's own, and any parent's for administrators.
  { method: 'GET', path: '/api/me/consent-log', context: 'privacy', access: 'member', name: 'myConsentLog', noBody: true },
  { method: 'GET', path: '/api/admin/parents/{id}/consent-log', context: 'privacy', access: 'admin', name: 'parentConsentLog', noBody: true },
  // Privacy requests: filed by a parent (signed in, or with their update link), worked by the administrators.
  { method: 'POST', path: '/api/privacy-requests', context: 'privacy', access: 'member', name: 'privacyRequestFile' },
  { method: 'GET', path: '/api/privacy-requests', context: 'privacy', access: 'member', name: 'privacyRequestsMine', noBody: true },
  { method: 'POST', path: '/api/update/privacy-request', context: 'privacy', access: 'token', name: 'privacyRequestFileByLink' },
  { method: 'GET', path: '/api/admin/privacy/requests', context: 'privacy', access: 'admin', name: 'privacyRequestList' },
  { method: 'PUT', path: '/api/admin/privacy/requests/{id}', context: 'privacy', access: 'admin', name: 'privacyRequestUpdate' },
  // The confidentiality-incident register (docs/privacy.md, "Incident register").
  { method: 'GET', path: '/api/admin/privacy/incidents', context: 'privacy', access: 'admin', name: 'privacyIncidentList' },
  { method: 'POST', path: '/api/admin/privacy/incidents', context: 'privacy', access: 'admin', name: 'privacyIncidentCreate' },
  { method: 'PUT', path: '/api/admin/privacy/incidents/{incidentId}', context: 'privacy', access: 'admin', name: 'privacyIncidentUpdate' },
  { method: 'GET', path: '/api/admin/privacy/incidents/export/csv', context: 'privacy', access: 'admin', name: 'privacyIncidentExportCsv' },
  { method: 'GET', path: '/api/admin/privacy/incidents/export/json', context: 'privacy', access: 'admin', name: 'privacyIncidentExportJson' },
  // Retention periods and the purge's reports (docs/privacy.md, "Retention").
  { method: 'GET', path: '/api/admin/privacy/retention', context: 'privacy', access: 'admin', name: 'retentionGet', noBody: true },
  { method: 'PUT', path: '/api/admin/privacy/retention', context: 'privacy', access: 'admin', name: 'retentionUpdate' },
  { method: 'GET', path: '/api/admin/privacy/retention/reports', context: 'privacy', access: 'admin', name: 'purgeReports', noBody: true },
  // What administrators did with the caller's own parent record, from the audit (docs/privacy.md).
  { method: 'GET', path: '/api/me/activity', context: 'privacy', access: 'member', name: 'myActivity', noBody: true },
  // Everything held about the caller's parent records, as JSON or CSV files (docs/privacy.md, "Download my data").
  { method: 'GET', path: '/api/me/data', context: 'privacy', access: 'member', name: 'myData', noBody: true },
  // Annual parent information update (docs/annual-update.md).
  { method: 'GET', path: '/api/admin/annual-update', context: 'annual-update', access: 'admin', name: 'campaignCurrent' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns', context: 'annual-update', access: 'admin', name: 'campaignStart' },
  { method: 'GET', path: '/api/admin/annual-update/campaigns/{campaignId}/participants', context: 'annual-update', access: 'admin', name: 'campaignParticipants' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/close', context: 'annual-update', access: 'admin', name: 'campaignClose', noBody: true },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/reopen', context: 'annual-update', access: 'admin', name: 'campaignReopen' },
  { method: 'PUT', path: '/api/admin/annual-update/campaigns/{campaignId}/reminders', context: 'annual-update', access: 'admin', name: 'campaignReminders' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs', context: 'annual-update', access: 'admin', name: 'sendJobCreate' },
  { method: 'GET', path: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}', context: 'annual-update', access: 'admin', name: 'sendJobGet' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}/continue', context: 'annual-update', access: 'admin', name: 'sendJobContinue', noBody: true },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/letters', context: 'annual-update', access: 'admin', name: 'campaignLetters' },
  // Review before publishing (docs/annual-update.md): the held answers, and the decision on one parent's fields.
  { method: 'GET', path: '/api/admin/annual-update/campaigns/{campaignId}/review', context: 'annual-update', access: 'admin', name: 'campaignReviewList', noBody: true },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/review/{parentId}', context: 'annual-update', access: 'admin', name: 'campaignReviewDecide' },
  { method: 'POST', path: '/api/update/load', context: 'annual-update', access: 'token', name: 'updateLoad' },
  { method: 'POST', path: '/api/update/submit', context: 'annual-update', access: 'token', name: 'updateSubmit' },
  { method: 'POST', path: '/api/update/staff/load', context: 'annual-update', access: 'token', name: 'updateStaffLoad' },
  { method: 'POST', path: '/api/update/staff/submit', context: 'annual-update', access: 'token', name: 'updateStaffSubmit' },
  { method: 'GET', path: '/api/profile/form', context: 'annual-update', access: 'member', name: 'profileForm' },
  { method: 'PUT', path: '/api/profile', context: 'annual-update', access: 'member', name: 'profileUpdate' },
  // School progression (docs/progression.md).
  { method: 'GET', path: '/api/admin/progression', context: 'progression', access: 'admin', name: 'progressionCurrent' },
  { method: 'POST', path: '/api/admin/progression', context: 'progression', access: 'admin', name: 'progressionStart', noBody: true },
  { method: 'GET', path: '/api/admin/progression/{progressionId}', context: 'progression', access: 'admin', name: 'progressionWorkspace' },
  { method: 'POST', path: '/api/admin/progression/{progressionId}/analysis', context: 'progression', access: 'admin', name: 'progressionAnalyse', noBody: true },
  { method: 'PUT', path: '/api/admin/progression/{progressionId}/assignments', context: 'progression', access: 'admin', name: 'progressionAssignments' },
  { method: 'PUT', path: '/api/admin/progression/{progressionId}/departures', context: 'progression', access: 'admin', name: 'progressionDepartures' },
  { method: 'PUT', path: '/api/admin/progression/{progressionId}/parent-decisions', context: 'progression', access: 'admin', name: 'progressionParentDecisions' },
  { method: 'POST', path: '/api/admin/progression/{progressionId}/new-students', context: 'progression', access: 'admin', name: 'progressionNewStudentAdd' },
  { method: 'PUT', path: '/api/admin/progression/{progressionId}/new-students/{newStudentId}', context: 'progression', access: 'admin', name: 'progressionNewStudentUpdate' },
  { method: 'DELETE', path: '/api/admin/progression/{progressionId}/new-students/{newStudentId}', context: 'progression', access: 'admin', name: 'progressionNewStudentDelete', noBody: true },
  { method: 'POST', path: '/api/admin/progression/{progressionId}/parent-lookup', context: 'progression', access: 'admin', name: 'progressionParentLookup' },
  { method: 'GET', path: '/api/admin/progression/{progressionId}/review', context: 'progression', access: 'admin', name: 'progressionReview' },
  { method: 'GET', path: '/api/admin/progression/{progressionId}/apply', context: 'progression', access: 'admin', name: 'progressionApplyStatus' },
  { method: 'POST', path: '/api/admin/progression/{progressionId}/apply', context: 'progression', access: 'admin', name: 'progressionApply' },
  { method: 'POST', path: '/api/admin/progression/{progressionId}/apply/continue', context: 'progression', access: 'admin', name: 'progressionApplyContinue', noBody: true },
  { method: 'POST', path: '/api/admin/progression/{progressionId}/cancel', context: 'progression', access: 'admin', name: 'progressionCancel', noBody: true },
  { method: 'GET', path: '/api/admin/progression/{progressionId}/backup', context: 'progression', access: 'admin', name: 'progressionBackup' },
  { method: 'GET', path: '/api/admin/progression/{progressionId}/backup/{part}', context: 'progression', access: 'admin', name: 'progressionBackupPart' },
  // Data onboarding and upkeep: import, editing, export (docs/data-onboarding.md). Import bodies hold the CSV
  // files' text: 4 MiB (shared/contracts/import-api.ts IMPORT_MAX_BODY_BYTES; Lambda takes 6 MB per call).
  { method: 'GET', path: '/api/admin/directory', context: 'admin', access: 'admin', name: 'adminDirectory' },
  // New committee sign-ups from the parent form (docs/product-rules.md, Committee sign-ups).
  { method: 'GET', path: '/api/admin/committees/sign-ups', context: 'admin', access: 'admin', name: 'committeeSignUps' },
  { method: 'GET', path: '/api/admin/import/templates', context: 'admin', access: 'admin', name: 'importTemplates' },
  { method: 'POST', path: '/api/admin/import/dry-run', context: 'admin', access: 'admin', name: 'importDryRun', maxBodyBytes: 4 * 1024 * 1024 },
  { method: 'POST', path: '/api/admin/import/apply', context: 'admin', access: 'admin', name: 'importApply', maxBodyBytes: 4 * 1024 * 1024 },
  { method: 'GET', path: '/api/admin/export/csv', context: 'admin', access: 'admin', name: 'exportCsv' },
  { method: 'GET', path: '/api/admin/export/json', context: 'admin', access: 'admin', name: 'exportJson' },
  { method: 'POST', path: '/api/admin/parents', context: 'admin', access: 'admin', name: 'parentCreate' },
  { method: 'PUT', path: '/api/admin/parents/{id}', context: 'admin', access: 'admin', name: 'parentUpdate' },
  { method: 'DELETE', path: '/api/admin/parents/{id}', context: 'admin', access: 'admin', name: 'parentDelete' },
  // A family hidden from named households (docs/privacy.md, "Safety restrictions").
  { method: 'PUT', path: '/api/admin/parents/{id}/safety-restriction', context: 'admin', access: 'admin', name: 'parentSafetyRestriction' },
  // Likely duplicate parents, their merge and its undo within 30 days (docs/product-rules.md, "Duplicates").
  { method: 'GET', path: '/api/admin/duplicates', context: 'admin', access: 'admin', name: 'duplicatesList', noBody: true },
  { method: 'POST', path: '/api/admin/duplicates/merge', context: 'admin', access: 'admin', name: 'duplicatesMerge' },
  { method: 'POST', path: '/api/admin/duplicates/merges/{id}/undo', context: 'admin', access: 'admin', name: 'duplicatesUndo' },
  { method: 'POST', path: '/api/admin/students', context: 'admin', access: 'admin', name: 'studentCreate' },
  { method: 'PUT', path: '/api/admin/students/{id}', context: 'admin', access: 'admin', name: 'studentUpdate' },
  { method: 'DELETE', path: '/api/admin/students/{id}', context: 'admin', access: 'admin', name: 'studentDelete' },
  { method: 'POST', path: '/api/admin/staff', context: 'admin', access: 'admin', name: 'staffCreate' },
  { method: 'PUT', path: '/api/admin/staff/{id}', context: 'admin', access: 'admin', name: 'staffUpdate' },
  { method: 'DELETE', path: '/api/admin/staff/{id}', context: 'admin', access: 'admin', name: 'staffDelete' },
  { method: 'POST', path: '/api/admin/classes', context: 'admin', access: 'admin', name: 'classCreate' },
  { method: 'PUT', path: '/api/admin/classes/{id}', context: 'admin', access: 'admin', name: 'classUpdate' },
  { method: 'DELETE', path: '/api/admin/classes/{id}', context: 'admin', access: 'admin', name: 'classDelete' },
  // The school settings screen (docs/data-onboarding.md, "School settings").
  { method: 'GET', path: '/api/admin/settings', context: 'admin', access: 'admin', name: 'settingsGet', noBody: true },
  { method: 'PUT', path: '/api/admin/settings', context: 'admin', access: 'admin', name: 'settingsUpdate' },
  // Administrator roles and the handover (docs/operations.md, "Handing over").
  { method: 'GET', path: '/api/admin/roles', context: 'admin', access: 'admin', name: 'adminRolesList', noBody: true },
  { method: 'POST', path: '/api/admin/roles/handover', context: 'admin', access: 'admin', name: 'adminHandover' },
  { method: 'POST', path: '/api/admin/roles/end', context: 'admin', access: 'admin', name: 'adminRoleEnd' },
  { method: 'POST', path: '/api/admin/committees', context: 'admin', access: 'admin', name: 'committeeCreate' },
  { method: 'PUT', path: '/api/admin/committees/{id}', context: 'admin', access: 'admin', name: 'committeeUpdate' },
  { method: 'DELETE', path: '/api/admin/committees/{id}', context: 'admin', access: 'admin', name: 'committeeDelete' },
  // Messages to a class, a committee or the school (docs/messages.md): who may write is decided on each request.
  { method: 'GET', path: '/api/messages', context: 'messages', access: 'member', name: 'messagesList', noBody: true },
  { method: 'POST', path: '/api/messages', context: 'messages', access: 'member', name: 'messageSend' },
  { method: 'POST', path: '/api/messages/{id}/continue', context: 'messages', access: 'member', name: 'messageContinue', noBody: true },
  { method: 'POST', path: '/api/messages/{id}/read', context: 'messages', access: 'member', name: 'messageRead', noBody: true },
  // One-click unsubscribe from an email's List-Unsubscribe header (RFC 8058): no session, the token in the query.
  { method: 'POST', path: '/api/messages/unsubscribe', context: 'messages', access: 'public', name: 'messageUnsubscribe', acceptsForm: true, maxBodyBytes: 1024 },
  { method: 'GET', path: '/api/me/message-consents', context: 'messages', access: 'member', name: 'messageConsentsGet', noBody: true },
  { method: 'PUT', path: '/api/me/message-consents', context: 'messages', access: 'member', name: 'messageConsentsUpdate' },
  // Families near me, for carpooling (docs/messages.md, "Families near me"): off until the parent turns it on.
  { method: 'GET', path: '/api/me/carpool', context: 'messages', access: 'member', name: 'carpoolGet', noBody: true },
  { method: 'PUT', path: '/api/me/carpool', context: 'messages', access: 'member', name: 'carpoolChoice' },
  { method: 'POST', path: '/api/carpool/messages', context: 'messages', access: 'member', name: 'carpoolMessage' },
  { method: 'GET', path: '/api/admin/messages', context: 'messages', access: 'admin', name: 'messagesAdminLog', noBody: true },
  { method: 'PUT', path: '/api/admin/messages/settings', context: 'messages', access: 'admin', name: 'messageSettingsUpdate' },
  { method: 'POST', path: '/api/admin/messages/{id}/decision', context: 'messages', access: 'admin', name: 'messageDecision' },
] as const satisfies readonly RouteDef[];

type AnyRoute = (typeof ROUTES)[number];

export type RouteKey = `${AnyRoute['method']} ${AnyRoute['path']}`;

/** Each route's access level by its key: createHandler types a handler's caller with it (lambdas/common/http.ts). */
type AccessByKey = { [R in AnyRoute as `${R['method']} ${R['path']}`]: R['access'] };
export type AccessOf<K extends RouteKey> = K extends keyof AccessByKey ? AccessByKey[K] : never;

/** The routes only a signed-in caller reaches (member and admin). */
export type SignedInRouteKey = { [K in RouteKey]: AccessOf<K> extends 'member' | 'admin' ? K : never }[RouteKey];

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** Cognito group mirroring the administrator roles for the frontend's menu; the server never trusts it. */
export const ADMIN_GROUP = 'admins';
