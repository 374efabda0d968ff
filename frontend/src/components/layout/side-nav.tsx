import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { HELP_PATHS } from '../../lib/help-paths';
import { useLanguage } from '../../lib/use-language';
import { useOnFollow } from '../router-link/use-on-follow';

export interface SideNavProps {
  /** Whether the admin section is listed. Wired to the user's admin group by the auth layer. */
  showAdminSection: boolean;
  /** Called after a link was followed, e.g. to close the drawer on small screens. */
  onNavigate?: () => void;
}

export function SideNav({ showAdminSection, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onFollow = useOnFollow(onNavigate);
  const lang = useLanguage();

  const items = useMemo<SideNavigationProps.Item[]>(() => {
    const list: SideNavigationProps.Item[] = [
      { type: 'link', text: t('nav.home'), href: '/' },
      {
        type: 'section',
        text: t('nav.directory'),
        items: [
          { type: 'link', text: t('nav.classes'), href: '/classes' },
          { type: 'link', text: t('nav.students'), href: '/students' },
          { type: 'link', text: t('nav.parents'), href: '/parents' },
          { type: 'link', text: t('nav.staff'), href: '/staff' },
          { type: 'link', text: t('nav.committees'), href: '/committees' },
        ],
      },
      {
        type: 'section',
        text: t('nav.account'),
        items: [{ type: 'link', text: t('nav.profile'), href: '/profile' }],
      },
    ];
    if (showAdminSection) {
      list.push({
        type: 'section',
        text: t('nav.admin'),
        items: [
          { type: 'link', text: t('nav.adminDashboard'), href: '/admin' },
          { type: 'link', text: t('nav.annualUpdate'), href: '/admin/annual-update' },
          { type: 'link', text: t('adminData.nav'), href: '/admin/data' },
          { type: 'link', text: t('adminCommittees.nav'), href: '/admin/committees' },
          { type: 'link', text: t('duplicates.nav'), href: '/admin/duplicates' },
          { type: 'link', text: t('nav.schoolProgression'), href: '/admin/school-progression' },
          { type: 'link', text: t('nav.privacyRequests'), href: '/admin/privacy-requests' },
          { type: 'link', text: t('privacyIncidents.nav'), href: '/admin/privacy-incidents' },
          { type: 'link', text: t('retention.nav'), href: '/admin/privacy-retention' },
          { type: 'link', text: t('schoolSettings.nav'), href: '/admin/settings' },
          { type: 'link', text: t('adminRoles.nav'), href: '/admin/roles' },
        ],
      });
    }
    list.push(
      { type: 'divider' },
      { type: 'link', text: t('nav.help'), href: HELP_PATHS[lang] },
      { type: 'link', text: t('nav.about'), href: '/about' },
    );
    return list;
  }, [t, showAdminSection, lang]);

  return <SideNavigation activeHref={pathname} items={items} onFollow={onFollow} />;
}
