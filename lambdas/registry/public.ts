/**
 * The registry's public surface (docs/architecture.md, "Backend contexts"): the registered accounts, the
 * administrators' roles and their MFA. A kernel context: every other context may import this file, and only this
 * file (eslint/backend-walls.js); the registry imports nothing but common/.
 */
export { registryAccess } from './access';
export { removeUnregisteredAccounts } from './account-cleanup';
export { accountName, lacksAdminMfa, recordEnrolment, signOutEverywhere } from './admin-mfa';
export { bootstrapFirstAdmin, endRoles, everAppointed, handOver, hasAdminAccess, listRoles } from './admin-roles';
export {
  findRegisteredPeople,
  personDisplayName,
  registryDelete,
  registryItem,
  registryPut,
  registryTransactItems,
} from './registry-repository';
