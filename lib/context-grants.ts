import type { Context } from '../lambdas/routes';

/**
 * What each bounded context's function may touch, in one table, so least privilege is reviewed in one place.
 * A new context in lambdas/routes.ts CONTEXTS does not compile until it gets a row here.
 */
export type TableAccess = 'none' | 'read' | 'readWrite';

/** Cognito admin APIs a context may call on the user pool (never the whole cognito-idp:* namespace). */
export type CognitoAdminAction =
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminListGroupsForUser'
  | 'AdminGetUser'
  | 'AdminDeleteUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'ListUsers';

/** Deploy settings a context reads, each passed as its environment variable (lambdas/common/env.ts ENV). */
export type ContextSetting = 'firstAdminEmail' | 'exposeNamesToAnonymous' | 'updateLinkTtlDays';

export interface ContextGrants {
  table: TableAccess;
  /**
   * Sends email through SES: ses:SendEmail from the configured sender only, and SENDER_EMAIL, PUBLIC_BASE_URL,
   * SEND_RATE_PER_SECOND in its environment.
   */
  sendsMail: boolean;
  cognito: readonly CognitoAdminAction[];
  settings: readonly ContextSetting[];
  /**
   * Runs bulk work in bounded chunks per request (campaign start, sending, progression apply, import): gets
   * API Gateway's longest integration time, 29 s, instead of the default 10 s.
   */
  bulkWork?: boolean;
}

export const CONTEXT_GRANTS: Record<Context, ContextGrants> = {
  // Health check only: no data, no identity.
  system: { table: 'none', sendsMail: false, cognito: [], settings: [] },
  // validateEmailV2 reads the registry and writes its rate-limit counters; GET /api/me makes the first admin.
  auth: {
    table: 'readWrite',
    sendsMail: false,
    cognito: ['AdminAddUserToGroup', 'AdminListGroupsForUser'],
    settings: ['firstAdminEmail', 'exposeNamesToAnonymous'],
  },
  // Taking over an unconfirmed account: reads the registry, writes its links and rate-limit counters, emails the
  // link, finds the account by email and, once the mailbox is proved, sets its password, marks the email verified
  // and signs its sessions out.
  'account-recovery': {
    table: 'readWrite',
    sendsMail: true,
    cognito: ['ListUsers', 'AdminGetUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    settings: [],
  },
  // GET /api/privacy-notice (public): one GetItem of the school's settings; writes nothing.
  privacy: { table: 'read', sendsMail: false, cognito: [], settings: [] },
  // GET /api/directory: one Query of the directory partition and one GetItem of the settings; writes nothing.
  directory: { table: 'read', sendsMail: false, cognito: [], settings: [] },
  // Campaigns, send jobs, update links and the parent form: writes the table, emails the links through SES,
  // and asks Cognito whether a parent already has an account (ListUsers by email) for the success page.
  'annual-update': {
    table: 'readWrite',
    sendsMail: true,
    cognito: ['ListUsers'],
    settings: ['updateLinkTtlDays'],
    bulkWork: true,
  },
  // School progression: stages and applies the year change (writes the directory, registry, audit, backup), and
  // signs out and deletes the Cognito accounts of removed parents, found by email.
  progression: {
    table: 'readWrite',
    sendsMail: false,
    cognito: ['AdminUserGlobalSignOut', 'AdminDeleteUser', 'ListUsers'],
    settings: [],
    bulkWork: true,
  },
  // Admin import, editing and export: reads and writes the directory and the registry; no mail. Deleting a
  // person (or changing their email) signs out and deletes the accounts of emails nobody registered holds any
  // more, found by email.
  admin: {
    table: 'readWrite',
    sendsMail: false,
    cognito: ['AdminUserGlobalSignOut', 'AdminDeleteUser', 'ListUsers'],
    settings: [],
    bulkWork: true,
  },
};
