import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import { currentLocale } from '../../i18n/i18n';
import { useConnectivityNotifications } from '../service-health/use-connectivity-notifications';
import { AppFooter } from './app-footer';
import { LazyFlashbar, usePreloadFlashbar } from './lazy-flashbar';
import { MAIN_ID, TOP_NAV_ID } from './layout-ids';
import { SkipLink } from './skip-link';
import { useScrollToTopOnNavigate } from './scroll-to-top';
import './light-frame.css';

export interface LightFrameProps {
  /** The header's account entry (the sign-in link); provided by the auth layer. */
  account?: ReactNode;
}

/**
 * The frame of the signed-out pages that a first visit lands on (/auth; docs/frontend.md, "First page"): a header
 * with the app's name, the language switch and the account entry, the connectivity messages, a main area and the
 * footer. Plain markup styled with Cloudscape's design tokens, so that the first page carries no AppLayout,
 * TopNavigation or SideNavigation: those load with the signed-in shell (app-shell.tsx). Landmarks: banner, main,
 * contentinfo, and a skip link to the main area as AppLayout has.
 */
export function LightFrame({ account }: LightFrameProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const otherLocale = currentLocale(i18n) === 'fr' ? 'en' : 'fr';
  const notifications = useConnectivityNotifications();
  usePreloadFlashbar();
  useScrollToTopOnNavigate();
  return (
    <div className="light-frame">
      <SkipLink />
      <header id={TOP_NAV_ID} className="light-frame__header">
        <a
          className="light-frame__title"
          href="/"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            void navigate('/');
          }}
        >
          {t('app.name')}
        </a>
        <div className="light-frame__utilities">
          <Button
            variant="link"
            iconName="globe"
            ariaLabel={t('language.switchToAria')}
            onClick={() => void i18n.changeLanguage(otherLocale)}
          >
            {t('language.switchTo')}
          </Button>
          {account}
        </div>
      </header>
      <LazyFlashbar items={notifications} />
      <main id={MAIN_ID} className="light-frame__main skip-link-target" tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
