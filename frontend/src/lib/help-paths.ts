/**
 * The help page's addresses, one per language (frontend/src/app/routes.ts; docs/frontend.md, "Help, and
 * diagnostics for administrators"). The ⓘ button of every page and the footer link open the one of the
 * visitor's language.
 */
export const HELP_PATHS = { fr: '/aide', en: '/help' } as const;
