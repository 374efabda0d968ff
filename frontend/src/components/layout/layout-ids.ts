/** Element ids both frames share: the header (AppLayout's headerSelector, tests) and the footer. */
export const TOP_NAV_ID = 'app-top-nav';
export const FOOTER_ID = 'app-footer';
/** The light frame's main area, target of its skip link. */
export const MAIN_ID = 'main-content';
