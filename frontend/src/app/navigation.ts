import type { NavSection } from '../components/layout/side-nav';
import { APP_ROUTES, type AppRoute } from './routes';

/** The side navigation's sections, in this order; the admin section is shown to administrators only. */
const SECTIONS: readonly Omit<NavSection, 'links'>[] = [
  { id: 'top' },
  { id: 'directory', title: 'nav.directory' },
  { id: 'account', title: 'nav.account' },
  { id: 'admin', title: 'nav.admin', adminOnly: true },
  { id: 'footer', divider: true },
];

/**
 * The side navigation derived from the route table (app/routes.ts): each route with a `nav` link, in the table's
 * order, under its section; a section without links is left out. One source, so a screen added to the table with
 * a `nav` shows in the navigation, and a link cannot point to an address the router does not know.
 */
export function navigationOf(routes: readonly AppRoute[]): NavSection[] {
  return SECTIONS.map((section) => ({
    ...section,
    links: routes.flatMap(({ path, nav }) =>
      nav?.section === section.id ? [{ href: path, label: nav.label, language: nav.language, parentsOnly: nav.parentsOnly }] : [],
    ),
  })).filter((section) => section.links.length > 0);
}

export const NAVIGATION: readonly NavSection[] = navigationOf(APP_ROUTES);
