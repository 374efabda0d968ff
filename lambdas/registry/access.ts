import type { HandlerOptions } from '../common/http';
import { lacksAdminMfa } from './admin-mfa';
import { hasAdminAccess } from './admin-roles';
import { findRegisteredPeople } from './registry-repository';

/**
 * What the request guard (lambdas/common/http.ts) reads from the registry on every signed-in request: the
 * caller's entries in the authorised-email index and, for admin routes, an administrator role active today and
 * (when required) a second factor.
 * Every context's index.ts passes it to createHandler, so the guard itself depends on no context.
 */
export const registryAccess: HandlerOptions = { findRegisteredPeople, hasAdminAccess, lacksAdminMfa };
