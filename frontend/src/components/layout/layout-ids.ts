/** Element ids both frames share: the header (AppLayout's headerSelector, tests) and the footer. */
export const TOP_NAV_ID = 'app-top-nav';
export const FOOTER_ID = 'app-footer';
/** The main area of both frames, target of the skip link (skip-link.tsx). */
export const MAIN_ID = 'main-content';
