/**
 * The auth context's public surface (docs/architecture.md, "Backend contexts"): a parent's profile as the app
 * shows it (my data reads it). Other contexts import this file only (eslint/backend-walls.js).
 */
export { readParentProfiles } from './parent-profile';
