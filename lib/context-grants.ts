import { DIRECTORY_PK, DIRECTORY_VERSION_PK, keys } from '../lambdas/common/keys';
import type { Context } from '../lambdas/routes';

/**
 * What each bounded context's function may touch, in one table, so least privilege is reviewed in one place.
 * A new context in lambdas/routes.ts CONTEXTS does not compile until it gets a row here.
 */

/**
 * DynamoDB item actions, as IAM names them. A TransactWriteItems call needs the action of each of its items
 * (PutItem, UpdateItem, DeleteItem, ConditionCheckItem); a TransactGetItems, GetItem.
 */
export type ItemAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'ConditionCheckItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem';

const READ: readonly ItemAction[] = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'];
const READ_WRITE: readonly ItemAction[] = [...READ, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/** Partition keys, exact or ending in `*` (IAM's StringLike wildcard), and the actions allowed on them. */
export interface PartitionGrant {
  partitions: readonly string[];
  actions: readonly ItemAction[];
}

/**
 * Access to named partitions only (IAM `dynamodb:LeadingKeys`, docs/decisions/table-access-by-partition-and-keyed-rate-limit-counters.md "Table access by partition"):
 * `items` on the table; `index`, the gsi1 partitions the context queries (Query only: for an index query the
 * leading key is the index's partition key).
 */
export interface ScopedTableAccess {
  items: readonly PartitionGrant[];
  index: readonly string[];
}

/** `read` and `readWrite` cover the whole table; a ScopedTableAccess, only its partitions. */
export type TableAccess = 'none' | 'read' | 'readWrite' | ScopedTableAccess;

/** Partition key patterns, built with the repositories' own key builders (lambdas/common/keys.ts). */
export const PARTITIONS = {
  directory: DIRECTORY_PK,
  settings: keys.settings().pk,
  registry: keys.registryPk('*'),
  adminRoles: keys.adminRolesPk(),
  // When the server recorded each administrator's authenticator (docs/auth.md "Second factor").
  adminMfa: keys.adminMfaEnrolment('*').pk,
  audit: keys.audit('*', '', '', '').pk,
  rateLimit: keys.rateLimit('*', 0).pk,
  recoveryLink: keys.recoveryToken('*').pk,
  campaign: keys.campaignPk('*'),
  campaignYear: keys.campaignYear('*').pk,
  sendJobEntries: keys.sendJobEntriesPk('*'),
  updateLink: keys.updateToken('*').pk,
  lock: keys.lock('*').pk,
  privacyRequests: keys.privacyRequestsPk(),
  privacyIncidents: keys.privacyIncidentsPk(),
  consent: keys.consentPk('*'),
  retention: keys.retentionPk(),
  progression: keys.progressionPk('*'),
  purgeLock: keys.lock('retention-purge').pk,
  // The directory's version (bumped by every directory write, lambdas/common/directory-version.ts) and its snapshot.
  directoryVersion: DIRECTORY_VERSION_PK,
  directorySnapshot: keys.directorySnapshotPk(),
  // Addresses that bounced or complained (docs/annual-update.md, "Bounces and complaints"): every mailer reads them.
  suppression: keys.suppressionPk('*'),
  // Messages (docs/messages.md): the log and settings, each message's deliveries, the members' email choices and
  // the one-click unsubscribe tokens.
  messages: keys.messagesPk(),
  messageDeliveries: keys.messageDeliveriesPk('*'),
  messageConsents: keys.messageConsentsPk(),
  unsubscribe: keys.unsubscribeToken('*').pk,
  // One message per author and client key: what a retried or double-clicked send finds (TTL).
  messageClientKey: keys.messageClientKey('*').pk,
  // Families near me (docs/messages.md): the parents who turned it on, and their messages to neighbours.
  carpool: keys.carpoolPk(),
} as const;

/** gsi1 partition key patterns. */
export const INDEX_PARTITIONS = {
  parentMemberships: keys.personMembershipsGsi('PARENT', '*'),
  /** A student's parents: the parent form finds a parent's co-parents through them (the shared address). */
  studentParents: keys.studentParentsGsi('*'),
  campaigns: keys.campaignsGsi(),
  parentAudit: keys.audit('', '', 'PARENT', '*').gsi1pk,
  directoryExportAudit: keys.audit('', '', 'DIRECTORY', 'export').gsi1pk,
  progressions: keys.progressionsGsi(),
  /** Every suppressed address: the participants manager marks the parents whose address bounced. */
  suppressions: keys.suppressionsGsi(),
  /** A member's received messages (their delivery items, docs/messages.md). */
  inbox: keys.inboxGsi('*'),
} as const;

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
  | 'AdminSetUserMFAPreference'
  | 'ListUsers';

/** Deploy settings a context reads, each passed as its environment variable (lambdas/common/env.ts ENV). */
export type ContextSetting = 'firstAdminEmail' | 'exposeNamesToAnonymous' | 'updateLinkTtlDays' | 'adminMfaRequired';

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
   * Counts callers (lambdas/common/rate-limit.ts): may read the rate-limit key's secret, named in
   * RATE_LIMIT_SECRET_ARN (lambdas/common/rate-limit-key.ts).
   */
  rateLimits?: boolean;
  /**
   * Runs bulk work in bounded chunks per request (campaign start, sending, progression apply, import): gets
   * API Gateway's longest integration time, 29 s, instead of the default 10 s.
   */
  bulkWork?: boolean;
}

export const CONTEXT_GRANTS: Record<Context, ContextGrants> = {
  // Health check only: no data, no identity.
  system: { table: 'none', sendsMail: false, cognito: [], settings: [] },
  // validateEmailV2 (public) reads the registry and counts callers. GET /api/me also reads the administrator
  // roles and the caller's own profile (their records, children, committee seats by gsi1, the levels);
  // POST /api/me/first-admin writes the first role, the roles' state item and its audit entry in one transaction.
  auth: {
    table: {
      items: [
        { partitions: [PARTITIONS.registry, PARTITIONS.directory, PARTITIONS.settings], actions: ['GetItem', 'Query'] },
        { partitions: [PARTITIONS.adminRoles], actions: ['Query', 'PutItem', 'UpdateItem'] },
        { partitions: [PARTITIONS.audit], actions: ['PutItem'] },
        { partitions: [PARTITIONS.rateLimit], actions: ['UpdateItem'] },
        // An administrator's authenticator, recorded the first time /me sees it (then every session is signed out
        // and they are emailed; the mailer reads the suppression list), forgotten when it is gone.
        { partitions: [PARTITIONS.adminMfa], actions: ['GetItem', 'PutItem', 'DeleteItem'] },
        { partitions: [PARTITIONS.suppression], actions: ['GetItem'] },
      ],
      index: [INDEX_PARTITIONS.parentMemberships],
    },
    sendsMail: true,
    // The first administrator's old authenticator (if any) is switched off: found by email, signed out.
    cognito: ['AdminAddUserToGroup', 'AdminListGroupsForUser', 'AdminGetUser', 'AdminUserGlobalSignOut', 'AdminSetUserMFAPreference', 'ListUsers'],
    settings: ['firstAdminEmail', 'exposeNamesToAnonymous', 'adminMfaRequired'],
    rateLimits: true,
  },
  // Taking over an unconfirmed account: reads the registry, writes its links and rate-limit counters, emails the
  // link, finds the account by email and, once the mailbox is proved, sets its password, marks the email verified
  // and signs its sessions out.
  'account-recovery': {
    table: {
      items: [
        { partitions: [PARTITIONS.registry], actions: ['Query'] },
        { partitions: [PARTITIONS.rateLimit], actions: ['UpdateItem'] },
        { partitions: [PARTITIONS.recoveryLink], actions: ['PutItem', 'DeleteItem'] },
        // The mailer skips an address that bounced or complained (lambdas/common/mailer.ts).
        { partitions: [PARTITIONS.suppression], actions: ['GetItem'] },
      ],
      index: [],
    },
    sendsMail: true,
    cognito: ['ListUsers', 'AdminGetUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    settings: [],
    rateLimits: true,
  },
  // GET /api/privacy-notice (public): one GetItem of the school's settings; writes nothing.
  // Privacy requests: the guard reads the caller's registry entries and administrator roles (and, for admins, their
  // second factor in Cognito); filing reads the requester's parent record (or resolves their update link: its
  // token and campaign), counts callers, writes the request with its audit entry and emails the
  // receipt; the queue reads and writes the requests' partition and emails the answer. The incident register (admin
  // routes) reads and writes its own partition, each write with its audit entry. GET /api/me/activity (member): the
  // caller's parent record, and the audit entries about it and about directory exports, by gsi1. The consent logs
  // (GET /api/me/consent-log, GET /api/admin/parents/{id}/consent-log) are read by Query of CONSENT#<parentId>.
  // GET /api/me/data (member) adds what My Profile reads (the parent's family links by Query of the directory
  // partition, their seats by gsi1, their children, classes and committees by GetItem), the campaigns by gsi1 and
  // the parent's participant item in each by GetItem, and writes its audit entry.
  // Retention (docs/privacy.md, "Retention"): the settings and the purge's reports live in RETENTION. The daily
  // purge (a scheduled event to this function) reads the audit months (Query) for removed parents, checks each is
  // gone (GetItem DIRECTORY) and deletes their consent log, with their carpool opt-in and email choices (DeleteItem,
  // one by one); lists campaigns and progressions by gsi1 and Queries
  // their partitions (participants, send jobs and their entries, backup parts) to BatchWrite deletes; deletes
  // update links one by one (DeleteItem: it counts only those still there) and closed requests by BatchWrite; Queries
  // the message log and each old message's deliveries to BatchWrite deletes.
  privacy: {
    table: {
      items: [
        { partitions: [PARTITIONS.settings, PARTITIONS.directory, PARTITIONS.campaign, PARTITIONS.suppression], actions: ['GetItem'] },
        { partitions: [PARTITIONS.updateLink], actions: ['GetItem', 'DeleteItem'] },
        { partitions: [PARTITIONS.registry, PARTITIONS.adminRoles, PARTITIONS.directory], actions: ['Query'] },
        { partitions: [PARTITIONS.privacyRequests, PARTITIONS.privacyIncidents], actions: ['GetItem', 'Query', 'PutItem'] },
        { partitions: [PARTITIONS.retention], actions: ['GetItem', 'Query', 'PutItem'] },
        // One purge at a time: its own lock only (pattern 30), never the campaign's or the progression's.
        { partitions: [PARTITIONS.purgeLock], actions: ['PutItem', 'DeleteItem'] },
        { partitions: [PARTITIONS.consent], actions: ['Query', 'BatchWriteItem'] },
        // With a departed parent's consent log, the choices it records in the messages context (one by one).
        { partitions: [PARTITIONS.carpool, PARTITIONS.messageConsents], actions: ['DeleteItem'] },
        { partitions: [PARTITIONS.privacyRequests], actions: ['BatchWriteItem'] },
        { partitions: [PARTITIONS.campaign, PARTITIONS.sendJobEntries, PARTITIONS.progression], actions: ['Query', 'BatchWriteItem'] },
        // Messages past their period: each one's deliveries, then the message (docs/privacy.md, "Retention").
        { partitions: [PARTITIONS.messages, PARTITIONS.messageDeliveries], actions: ['Query', 'BatchWriteItem'] },
        { partitions: [PARTITIONS.audit], actions: ['Query', 'PutItem'] },
        { partitions: [PARTITIONS.rateLimit], actions: ['UpdateItem'] },
        // The admin guard: when the administrator's authenticator was recorded (forgotten once it is gone).
        { partitions: [PARTITIONS.adminMfa], actions: ['GetItem', 'DeleteItem'] },
      ],
      index: [INDEX_PARTITIONS.parentAudit, INDEX_PARTITIONS.directoryExportAudit, INDEX_PARTITIONS.parentMemberships, INDEX_PARTITIONS.campaigns, INDEX_PARTITIONS.progressions],
    },
    sendsMail: true,
    cognito: ['AdminGetUser', 'AdminUserGlobalSignOut'],
    settings: ['adminMfaRequired'],
    rateLimits: true,
  },
  // GET /api/directory: the caller's registry entries and the directory's version (Query); the stored snapshot of
  // that version (Query), or else the directory partition (Query) and the settings (GetItem), then stores the
  // snapshot (TransactWrite of Puts, and Deletes of parts left over from a larger one).
  // POST /api/directory/pdf-audit reads the printed class (GetItem DIRECTORY) and writes one audit entry.
  directory: {
    table: {
      items: [
        { partitions: [PARTITIONS.directory, PARTITIONS.settings, PARTITIONS.registry], actions: ['GetItem', 'Query'] },
        { partitions: [PARTITIONS.audit], actions: ['PutItem'] },
        { partitions: [PARTITIONS.directoryVersion], actions: ['Query'] },
        { partitions: [PARTITIONS.directorySnapshot], actions: ['Query', 'PutItem', 'DeleteItem'] },
      ],
      index: [],
    },
    sendsMail: false,
    cognito: [],
    settings: [],
  },
  // Campaigns, send jobs, update links and the parent form: writes its own partitions, the parent's record and
  // seats, registry entry and audit (and the parent's consent log entry when their privacy choice changes); emails the links through SES, and asks Cognito whether a parent already
  // has an account (ListUsers by email) for the success page. Its token routes share this function.
  'annual-update': {
    table: {
      items: [
        {
          partitions: [
            PARTITIONS.campaign,
            PARTITIONS.campaignYear,
            PARTITIONS.sendJobEntries,
            PARTITIONS.updateLink,
            PARTITIONS.lock,
            PARTITIONS.directory,
            PARTITIONS.registry,
            PARTITIONS.audit,
          ],
          actions: READ_WRITE,
        },
        { partitions: [PARTITIONS.consent], actions: ['PutItem'] },
        // The update form asks the emails the parent accepts too (docs/messages.md, "Consents"): read, and written
        // in the answer's transaction when they change.
        { partitions: [PARTITIONS.messageConsents], actions: ['GetItem', 'PutItem'] },
        // Paper letters: typing a short code is counted per client and per code (lambdas/common/rate-limit.ts).
        { partitions: [PARTITIONS.rateLimit], actions: ['UpdateItem'] },
        // Every directory write bumps the directory's version in its transaction.
        { partitions: [PARTITIONS.directoryVersion], actions: ['UpdateItem'] },
        { partitions: [PARTITIONS.settings, PARTITIONS.adminRoles], actions: READ },
        // Sending skips suppressed addresses; the participants manager lists them (gsi1).
        { partitions: [PARTITIONS.suppression], actions: ['GetItem'] },
        // The admin guard: when the administrator's authenticator was recorded (forgotten once it is gone).
        { partitions: [PARTITIONS.adminMfa], actions: ['GetItem', 'DeleteItem'] },
      ],
      index: [INDEX_PARTITIONS.campaigns, INDEX_PARTITIONS.parentMemberships, INDEX_PARTITIONS.studentParents, INDEX_PARTITIONS.suppressions],
    },
    sendsMail: true,
    cognito: ['ListUsers', 'AdminGetUser', 'AdminUserGlobalSignOut'],
    settings: ['updateLinkTtlDays', 'adminMfaRequired'],
    bulkWork: true,
    rateLimits: true,
  },
  // School progression: stages and applies the year change (writes the directory, registry, audit, backup), and
  // signs out and deletes the Cognito accounts of removed parents, found by email.
  progression: {
    table: 'readWrite',
    sendsMail: false,
    cognito: ['AdminUserGlobalSignOut', 'AdminDeleteUser', 'ListUsers', 'AdminGetUser'],
    settings: ['adminMfaRequired'],
    bulkWork: true,
  },
  // Admin import, editing and export: reads and writes the directory and the registry; no mail. Deleting a
  // person (or changing their email) signs out and deletes the accounts of emails nobody registered holds any
  // more, found by email.
  admin: {
    table: 'readWrite',
    // The administrator handover emails both people (docs/operations.md, "Handing over").
    sendsMail: true,
    // A new administrator named by the handover enrols a new authenticator (their old one is switched off).
    cognito: ['AdminUserGlobalSignOut', 'AdminDeleteUser', 'ListUsers', 'AdminGetUser', 'AdminSetUserMFAPreference'],
    settings: ['adminMfaRequired'],
    bulkWork: true,
  },
  // Messages (docs/messages.md): reads the directory (who may write, who receives), the settings, the registry and
  // roles (the guard, and whether the author is an administrator); writes the message log, one delivery per
  // recipient (BatchWrite, then each claimed and recorded by UpdateItem), the members' email choices with their
  // consent log entry, the unsubscribe tokens, the client keys (with the message, in one TransactWrite) and the
  // audit; reads the inbox by gsi1; emails through SES. Families
  // near me: the opt-ins (removed when turned off) and each message to a neighbour, in CARPOOL.
  messages: {
    table: {
      items: [
        { partitions: [PARTITIONS.directory, PARTITIONS.settings, PARTITIONS.suppression], actions: ['GetItem', 'Query'] },
        { partitions: [PARTITIONS.registry, PARTITIONS.adminRoles], actions: ['Query'] },
        { partitions: [PARTITIONS.messages], actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'] },
        { partitions: [PARTITIONS.messageDeliveries], actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'BatchWriteItem'] },
        { partitions: [PARTITIONS.messageConsents], actions: ['GetItem', 'Query', 'PutItem'] },
        { partitions: [PARTITIONS.unsubscribe, PARTITIONS.messageClientKey], actions: ['GetItem', 'PutItem'] },
        { partitions: [PARTITIONS.carpool], actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] },
        { partitions: [PARTITIONS.consent, PARTITIONS.audit], actions: ['PutItem'] },
        { partitions: [PARTITIONS.adminMfa], actions: ['GetItem', 'DeleteItem'] },
      ],
      index: [INDEX_PARTITIONS.inbox, INDEX_PARTITIONS.suppressions],
    },
    sendsMail: true,
    cognito: ['AdminGetUser', 'AdminUserGlobalSignOut'],
    settings: ['adminMfaRequired'],
    bulkWork: true,
  },
};

/**
 * The bounce function (lambdas/annual-update/bounce-handler.ts; not an API context): SNS invokes it with SES's
 * bounces and complaints, and it writes only the suppression items (a conditional Put: the latest event wins).
 */
export const BOUNCE_FUNCTION_TABLE_ACCESS: ScopedTableAccess = {
  items: [{ partitions: [PARTITIONS.suppression], actions: ['PutItem'] }],
  index: [],
};
