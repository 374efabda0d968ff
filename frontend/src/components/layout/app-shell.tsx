import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import Spinner from '@cloudscape-design/components/spinner';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useConnectivityNotifications } from '../service-health/use-connectivity-notifications';
import { AppFooter } from './app-footer';
import { FOOTER_ID, MAIN_ID, TOP_NAV_ID } from './layout-ids';
import { SkipLink } from './skip-link';
import { LazyFlashbar, usePreloadFlashbar } from './lazy-flashbar';
import { isMobileBreakpoint, isMobileWidth, maxContentWidthFor } from './breakpoints';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { useBreakpoint } from './use-breakpoint';
import { useScrollToTopOnNavigate } from './scroll-to-top';

/* The debug panel loads only when someone opens the tools drawer (docs/frontend.md, "First page"). */
const DebugPanel = lazy(() => import('../debug/debug-panel').then((m) => ({ default: m.DebugPanel })));

export interface AppShellProps {
  showAdminSection: boolean;
  /** Shown in the debug panel; provided by the auth layer. */
  authStatus?: ReactNode;
  /** The header's account entry (user menu or sign-in button); provided by the auth layer. */
  accountUtility?: TopNavigationProps.Utility;
  /** Flash messages from other layers (e.g. the welcome after email verification), shown above connectivity. */
  notifications?: FlashbarProps.MessageDefinition[];
}

/**
 * The layout of every route but /auth (docs/product-rules.md; /auth has the light frame, light-frame.tsx), loaded
 * with the route's chunk (app/router.tsx). Cloudscape's AppLayout brings the landmarks and the mobile drawer
 * behaviour (not a skip link: ours comes first); the navigation starts closed below 1280 px (the phone and tablet layout).
 */
export function AppShell({ showAdminSection, authStatus, accountUtility, notifications: extra = [] }: AppShellProps) {
  const breakpoint = useBreakpoint();
  const mobile = isMobileBreakpoint(breakpoint);
  const [navigationOpen, setNavigationOpen] = useState(!mobile);
  const [toolsOpen, setToolsOpen] = useState(false);
  // The debug panel stays mounted once opened (the drawer animates its closing with the content in place).
  const [debugOpened, setDebugOpened] = useState(false);
  useEffect(() => {
    if (toolsOpen) setDebugOpened(true);
  }, [toolsOpen]);
  usePreloadFlashbar();
  const connectivity = useConnectivityNotifications();
  const notifications = [...extra, ...connectivity];
  useScrollToTopOnNavigate();

  // Crossing the mobile boundary resets the drawer to that size's default; other resizes keep the user's choice.
  const wasMobile = useRef(mobile);
  useEffect(() => {
    if (wasMobile.current === mobile) return;
    wasMobile.current = mobile;
    setNavigationOpen(!mobile);
  }, [mobile]);

  const closeNavigationOnMobile = useCallback(() => {
    if (isMobileWidth(window.innerWidth)) setNavigationOpen(false);
  }, []);

  return (
    <>
      <SkipLink />
      <div id={TOP_NAV_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopBar accountUtility={accountUtility} />
      </div>
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        footerSelector={`#${FOOTER_ID}`}
        navigation={<SideNav showAdminSection={showAdminSection} onNavigate={closeNavigationOnMobile} />}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        tools={
          toolsOpen || debugOpened ? (
            <Suspense fallback={<Spinner />}>
              <DebugPanel authStatus={authStatus} />
            </Suspense>
          ) : null
        }
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        notifications={notifications.length > 0 ? <LazyFlashbar items={notifications} /> : undefined}
        stickyNotifications
        maxContentWidth={maxContentWidthFor(breakpoint)}
        content={
          <div id={MAIN_ID} className="skip-link-target" tabIndex={-1}>
            <Outlet />
          </div>
        }
      />
      <AppFooter onOpenDebug={() => setToolsOpen(true)} />
    </>
  );
}
