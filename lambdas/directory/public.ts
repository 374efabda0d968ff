/**
 * The directory's public surface (docs/architecture.md, "Backend contexts"): the directory's items (parents,
 * students, staff, classes, committees, their links), the school's settings and retention periods, and the consent
 * log of a parent's privacy choice (kept beside the parent's record it describes). A kernel context: every other
 * context reads and writes these items through this file only (eslint/backend-walls.js); the directory imports
 * only common/ and the registry.
 */
export { consentEntry, consentItem, consentPuts, currentNoticeVersion, listConsent } from './consent-repository';
export type { ConsentSource } from './consent-repository';
/** The emails each member accepts: written by the messages and by the update form (docs/messages.md, "Consents"). */
export { getMessageConsents, messageConsentsPut, parseMessageConsents } from './message-consents-repository';
export {
  ENTITY_SCHEMAS,
  entityItem,
  familyItem,
  membershipItem,
  parseDirectoryItems,
  parseItem,
  parseMembership,
  parseSettings,
  settingsItem,
  stripKeys,
} from './directory-items';
export type { DirectoryData, EntityMap, Item } from './directory-items';
export { getEntity, listEntities, newEntityMeta, readDirectory } from './directory-repository';
export { childrenOf, membersOf, membershipsOf, parentsOf } from './relations-repository';
/** The directory as one viewer reads it (the visibility rule applied): families near me list from it. */
export { buildDirectoryResponse, viewerOf } from './directory-service';
export { getRetention, retentionPut } from './retention-settings';
export { getSettings } from './settings-repository';
