/**
 * The public addresses of the privacy policy, one per language (docs/privacy.md). A module without zod: the
 * layout's footer and the sign-up form, on the first page, link to it.
 */
export const PRIVACY_PATHS = { fr: '/confidentialite', en: '/privacy' } as const;
