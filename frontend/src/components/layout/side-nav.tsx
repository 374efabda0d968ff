import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { Language } from '@shared/schemas/common';
import { useLanguage } from '../../lib/use-language';
import { useOnFollow } from '../router-link/use-on-follow';

export type NavSectionId = 'top' | 'directory' | 'account' | 'admin' | 'footer';

/** A route's link in the side navigation, declared on the route (app/routes.ts). */
export interface NavLink {
  section: NavSectionId;
  /** Key of the link's text in the strings. */
  label: string;
  /** Only for visitors of this language (a page with one address per language, e.g. the help). */
  language?: Language;
  /** Not for a staff member's account (a page about the member's family, e.g. families near me). */
  parentsOnly?: boolean;
}

/** One section of the side navigation, as app/navigation.ts derives it from the route table. */
export interface NavSection {
  id: NavSectionId;
  /** Key of the section's heading; none: its links stand at the top level. */
  title?: string;
  /** Listed for administrators only. */
  adminOnly?: boolean;
  /** A divider above the section's links. */
  divider?: boolean;
  links: { href: string; label: string; language?: Language; parentsOnly?: boolean }[];
}

export interface SideNavProps {
  /** The sections to show (app/navigation.ts's NAVIGATION, from the route table). */
  sections: readonly NavSection[];
  /** Whether the admin section is listed. Wired to the user's admin group by the auth layer. */
  showAdminSection: boolean;
  /** Whether the links for parents only are listed: not to a staff member's account. Wired by the auth layer. */
  showParentLinks?: boolean;
  /** Called after a link was followed, e.g. to close the drawer on small screens. */
  onNavigate?: () => void;
}

export function SideNav({ sections, showAdminSection, showParentLinks = true, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onFollow = useOnFollow(onNavigate);
  const lang = useLanguage();

  const items = useMemo<SideNavigationProps.Item[]>(
    () =>
      sections
        .filter((section) => showAdminSection || !section.adminOnly)
        .flatMap((section): SideNavigationProps.Item[] => {
          const links = section.links
            .filter((link) => (!link.language || link.language === lang) && (showParentLinks || !link.parentsOnly))
            .map((link): SideNavigationProps.Link => ({ type: 'link', text: t(link.label), href: link.href }));
          const divider: SideNavigationProps.Item[] = section.divider ? [{ type: 'divider' }] : [];
          if (!section.title) return [...divider, ...links];
          return [...divider, { type: 'section', text: t(section.title), items: links }];
        }),
    [sections, t, showAdminSection, showParentLinks, lang],
  );

  return <SideNavigation activeHref={pathname} items={items} onFollow={onFollow} />;
}
