/**
 * Key builders for the single table. Every key shape lives here; docs/data-model.md lists the access patterns.
 * Directory entities share one partition (`DIRECTORY`) so the whole directory is one paginated Query.
 */
export const DIRECTORY_PK = 'DIRECTORY';
/** Partition of the directory's version counter: outside `DIRECTORY`, so bumping it is not a directory write. */
export const DIRECTORY_VERSION_PK = 'DIRECTORY_VERSION';

export type EntityType = 'CLASS' | 'STUDENT' | 'PARENT' | 'STAFF' | 'COMMITTEE';
export type PersonType = 'PARENT' | 'STAFF';

export const keys = {
  settings: () => ({ pk: 'SCHOOL', sk: 'SETTINGS' }),
  /** Marks a completed bulk seed of a dataset (local demo data only). */
  seedMarker: (dataset: string) => ({ pk: 'SCHOOL', sk: `SEED#${dataset}` }),
  entity: (type: EntityType, id: string) => ({ pk: DIRECTORY_PK, sk: `${type}#${id}` }),
  entityPrefix: (type: EntityType) => `${type}#`,
  /** Parent -> student link (a family relation). gsi1 finds a student's parents. */
  family: (parentId: string, studentId: string) => ({
    pk: DIRECTORY_PK,
    sk: `FAMILY#${parentId}#${studentId}`,
    gsi1pk: `STUDENT#${studentId}`,
    gsi1sk: `PARENT#${parentId}`,
  }),
  familyPrefix: (parentId?: string) => (parentId ? `FAMILY#${parentId}#` : 'FAMILY#'),
  /** gsi1 partition holding the family links of one student. */
  studentParentsGsi: (studentId: string) => `STUDENT#${studentId}`,
  /** Committee membership of a person. gsi1 lists a person's committees. */
  membership: (committeeId: string, personType: PersonType, personId: string) => ({
    pk: DIRECTORY_PK,
    sk: `MEMBER#${committeeId}#${personType}#${personId}`,
    gsi1pk: `${personType}#${personId}`,
    gsi1sk: `MEMBER#${committeeId}`,
  }),
  membershipPrefix: (committeeId?: string) => (committeeId ? `MEMBER#${committeeId}#` : 'MEMBER#'),
  /** gsi1 partition holding the memberships of one person (sort key prefix `MEMBER#`). */
  personMembershipsGsi: (personType: PersonType, personId: string) => `${personType}#${personId}`,
  /** Authorised-email index: one item per (email, person). */
  registry: (email: string, personType: PersonType, personId: string) => ({
    pk: `EMAIL#${email}`,
    sk: `${personType}#${personId}`,
  }),
  registryPk: (email: string) => `EMAIL#${email}`,
  /** Annual update campaign header; gsi1 lists campaigns in creation (ULID) order. */
  campaign: (campaignId: string) => ({
    pk: `CAMPAIGN#${campaignId}`,
    sk: 'CAMPAIGN',
    gsi1pk: 'CAMPAIGNS',
    gsi1sk: campaignId,
  }),
  campaignPk: (campaignId: string) => `CAMPAIGN#${campaignId}`,
  campaignsGsi: () => 'CAMPAIGNS',
  participant: (campaignId: string, parentId: string) => ({
    pk: `CAMPAIGN#${campaignId}`,
    sk: `PARTICIPANT#${parentId}`,
  }),
  participantPrefix: () => 'PARTICIPANT#',
  /** A parent's answer held for review (docs/annual-update.md, "Review before publishing"), in its campaign. */
  pendingChange: (campaignId: string, parentId: string) => ({
    pk: `CAMPAIGN#${campaignId}`,
    sk: `PENDING#${parentId}`,
  }),
  pendingChangePrefix: () => 'PENDING#',
  /** One campaign per school year: created with the campaign, never deleted (a completed year stays done). */
  campaignYear: (schoolYear: string) => ({ pk: `CAMPAIGN_YEAR#${schoolYear}`, sk: 'CAMPAIGN_YEAR' }),
  /** Send job header, in its campaign's partition (sorts between the header and the participants). */
  sendJob: (campaignId: string, jobId: string) => ({ pk: `CAMPAIGN#${campaignId}`, sk: `SENDJOB#${jobId}` }),
  sendJobPrefix: () => 'SENDJOB#',
  /** A send job's per-parent entries: their own partition, read whole by the worker. */
  sendJobEntry: (jobId: string, parentId: string) => ({ pk: `SENDJOB#${jobId}`, sk: `PARENT#${parentId}` }),
  sendJobEntriesPk: (jobId: string) => `SENDJOB#${jobId}`,
  /**
   * A parent's paper-letter code in a campaign (docs/annual-update.md, "Paper letters"): which code hash is the
   * current one, so a new printout revokes it. The code itself is a TOKEN item keyed by its hash.
   */
  letterCode: (campaignId: string, parentId: string) => ({ pk: `CAMPAIGN#${campaignId}`, sk: `LETTER#${parentId}` }),
  letterCodePrefix: () => 'LETTER#',
  /** Update link: keyed by the SHA-256 (hex) of the token; the token itself is never stored. */
  updateToken: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  /** Account-takeover link (lambdas/account-recovery): keyed by the SHA-256 (hex) of the emailed token. */
  recoveryToken: (tokenHash: string) => ({ pk: `RECOVERY#${tokenHash}`, sk: 'RECOVERY' }),
  /** Progression workflow header; gsi1 lists progressions in creation (ULID) order. */
  progression: (progressionId: string) => ({
    pk: `PROGRESSION#${progressionId}`,
    sk: 'PROGRESSION',
    gsi1pk: 'PROGRESSIONS',
    gsi1sk: progressionId,
  }),
  progressionPk: (progressionId: string) => `PROGRESSION#${progressionId}`,
  progressionsGsi: () => 'PROGRESSIONS',
  stagedStudent: (progressionId: string, studentId: string) => ({
    pk: `PROGRESSION#${progressionId}`,
    sk: `STUDENT#${studentId}`,
  }),
  stagedNewStudent: (progressionId: string, newStudentId: string) => ({
    pk: `PROGRESSION#${progressionId}`,
    sk: `NEW#${newStudentId}`,
  }),
  /** An admin's remove/keep override for a parent of a leaving student. */
  stagedParentDecision: (progressionId: string, parentId: string) => ({
    pk: `PROGRESSION#${progressionId}`,
    sk: `PARENT#${parentId}`,
  }),
  /** One step of a progression's apply plan; zero-padded so the steps sort in plan order. */
  progressionStep: (progressionId: string, index: number) => ({
    pk: `PROGRESSION#${progressionId}`,
    sk: `STEP#${String(index).padStart(6, '0')}`,
  }),
  /** One gzipped chunk of the export taken before a progression is applied. */
  progressionBackupPart: (progressionId: string, part: number) => ({
    pk: `PROGRESSION#${progressionId}`,
    sk: `BACKUP#${String(part).padStart(4, '0')}`,
  }),
  lock: (name: string) => ({ pk: `LOCK#${name}`, sk: 'LOCK' }),
  /** Audit entries by month (`yyyy-mm`); gsi1 lists the entries about one target. */
  audit: (month: string, entryId: string, targetType: string, targetId: string) => ({
    pk: `AUDIT#${month}`,
    sk: entryId,
    gsi1pk: `AUDIT#${targetType}#${targetId}`,
    gsi1sk: entryId,
  }),
  /**
   * Administrator roles: one small partition, read whole (consistently) by the admin check and the role screens.
   * The state item's `version` serialises every role change; its existence records that an administrator was
   * ever appointed (the first-administrator bootstrap is one-shot). Emails cannot hold `#` in their domain, so
   * `ROLE#<email>#` never prefixes another address's roles.
   */
  adminRole: (email: string, roleId: string) => ({ pk: 'ADMIN_ROLES', sk: `ROLE#${email}#${roleId}` }),
  adminRolePrefix: (email?: string) => (email ? `ROLE#${email}#` : 'ROLE#'),
  adminRolesState: () => ({ pk: 'ADMIN_ROLES', sk: 'STATE' }),
  adminRolesPk: () => 'ADMIN_ROLES',
  /**
   * When the server first saw an account's authenticator (docs/auth.md "Second factor"): one item per Cognito
   * username; an admin token issued before it (`auth_time`) is refused.
   */
  adminMfaEnrolment: (username: string) => ({ pk: `ADMIN_MFA#${username}`, sk: 'ENROLMENT' }),
  /** Confidentiality-incident register (docs/privacy.md): one small partition, read whole by the register screen. */
  privacyIncident: (incidentId: string) => ({ pk: 'PRIVACY#INCIDENTS', sk: `INCIDENT#${incidentId}` }),
  privacyIncidentsPk: () => 'PRIVACY#INCIDENTS',
  privacyIncidentPrefix: () => 'INCIDENT#',
  /** Fixed-window rate-limit counter, expired by TTL. */
  rateLimit: (bucket: string, window: number) => ({ pk: `RATE#${bucket}`, sk: `W#${window}` }),
  // Privacy requests (docs/privacy.md): one small partition, read whole by the administrators' queue.
  privacyRequest: (requestId: string) => ({ pk: 'PRIVACY#REQUESTS', sk: `REQUEST#${requestId}` }),
  privacyRequestsPk: () => 'PRIVACY#REQUESTS',
  privacyRequestPrefix: () => 'REQUEST#',
  // A parent's consent log (docs/privacy.md): one partition per parent, entries in time order.
  consent: (parentId: string, at: string, entryId: string) => ({ pk: `CONSENT#${parentId}`, sk: `${at}#${entryId}` }),
  consentPk: (parentId: string) => `CONSENT#${parentId}`,
  // Retention (docs/privacy.md, "Retention"): the periods in force and one report per purge run, in one small partition.
  retentionSettings: () => ({ pk: 'RETENTION', sk: 'SETTINGS' }),
  purgeReport: (reportId: string) => ({ pk: 'RETENTION', sk: `REPORT#${reportId}` }),
  retentionPk: () => 'RETENTION',
  purgeReportPrefix: () => 'REPORT#',
  // Merges of duplicate parents (docs/data-model.md): one small partition, each record expiring after its undo window.
  parentMerge: (mergeId: string) => ({ pk: 'MERGES', sk: `MERGE#${mergeId}` }),
  parentMergesPk: () => 'MERGES',
  parentMergePrefix: () => 'MERGE#',
  // Directory snapshot (docs/data-model.md, "Directory version and snapshot"): the counter every write to the
  // directory partition or the settings bumps (lambdas/common/directory-version.ts), and the compressed
  // snapshot built once per version (lambdas/directory/snapshot-repository.ts), in one partition of its own.
  directoryVersionShard: (shard: number) => ({ pk: DIRECTORY_VERSION_PK, sk: `SHARD#${shard}` }),
  directorySnapshotPk: () => 'DIRECTORY_SNAPSHOT',
  directorySnapshotPart: (part: number) => ({ pk: 'DIRECTORY_SNAPSHOT', sk: `PART#${String(part).padStart(4, '0')}` }),
  // Bounces and complaints (docs/annual-update.md, "Bounces and complaints"): one item per address no email goes
  // to any more; gsi1 lists them all (a handful) for the participants manager.
  suppression: (email: string) => ({ pk: `SUPPRESSION#${email}`, sk: 'SUPPRESSION' }),
  suppressionIndex: (email: string) => ({ gsi1pk: 'SUPPRESSIONS', gsi1sk: email }),
  suppressionPk: (email: string) => `SUPPRESSION#${email}`,
  suppressionsGsi: () => 'SUPPRESSIONS',
  // Messages (docs/messages.md): the log (one partition, newest last), the settings beside it, one delivery item
  // per recipient in the message's partition (gsi1: the recipient's inbox), each member's email choices in one
  // partition, and the one-click unsubscribe tokens (by hash, expired by TTL).
  message: (messageId: string) => ({ pk: 'MESSAGES', sk: `MSG#${messageId}` }),
  messagesPk: () => 'MESSAGES',
  messagePrefix: () => 'MSG#',
  messageSettings: () => ({ pk: 'MESSAGES', sk: 'SETTINGS' }),
  messageDelivery: (messageId: string, recipientKey: string) => ({
    pk: `MSGSEND#${messageId}`,
    sk: recipientKey,
    gsi1pk: `INBOX#${recipientKey}`,
    gsi1sk: messageId,
  }),
  messageDeliveriesPk: (messageId: string) => `MSGSEND#${messageId}`,
  inboxGsi: (recipientKey: string) => `INBOX#${recipientKey}`,
  messageConsents: (recipientKey: string) => ({ pk: 'MESSAGE_CONSENTS', sk: recipientKey }),
  messageConsentsPk: () => 'MESSAGE_CONSENTS',
  unsubscribeToken: (tokenHash: string) => ({ pk: `UNSUB#${tokenHash}`, sk: 'UNSUB' }),
  // Families near me (docs/messages.md): one partition, each opted-in parent's choice and each message sent to a
  // neighbour (by author and the page's client key, so a retry finds the first attempt).
  carpoolPk: () => 'CARPOOL',
  carpoolOptIn: (parentId: string) => ({ pk: 'CARPOOL', sk: `OPTIN#${parentId}` }),
  carpoolOptInPrefix: () => 'OPTIN#',
  carpoolMessage: (authorId: string, clientKey: string) => ({ pk: 'CARPOOL', sk: `MSG#${authorId}#${clientKey}` }),
  carpoolMessagePrefix: (authorId: string) => `MSG#${authorId}#`,
  // A message's client key (by hash of the author and the key; expired by TTL): one message per key.
  messageClientKey: (keyHash: string) => ({ pk: `MSGKEY#${keyHash}`, sk: 'MSGKEY' }),
} as const;

/** The attributes that make up keys: stripped when an item is turned back into an entity. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'type'] as const;

/** An item's attributes without its keys (KEY_ATTRIBUTES), ready for an entity's schema. */
export const withoutKeys = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !(KEY_ATTRIBUTES as readonly string[]).includes(name)));
