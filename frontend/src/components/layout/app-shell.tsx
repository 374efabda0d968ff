import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import Spinner from '@cloudscape-design/components/spinner';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useConnectivityNotifications } from '../service-health/use-connectivity-notifications';
import { AppFooter, FOOTER_ID } from './app-footer';
import { isMobileBreakpoint, isMobileWidth, maxContentWidthFor } from './breakpoints';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { useBreakpoint } from './use-breakpoint';
import { useScrollToTopOnNavigate } from './scroll-to-top';

const TOP_NAV_ID = 'app-top-nav';

/*
 * Off the first page (docs/frontend.md, "First page"): the flash bar shows only when there is a message, and the
 * debug panel only when someone opens the tools drawer. The flash bar is fetched once the browser is idle after
 * the first render, so that an "offline" message never waits for a network that just went away.
 */
const loadFlashbar = () => import('@cloudscape-design/components/flashbar');
const Flashbar = lazy(loadFlashbar);
const DebugPanel = lazy(() => import('../debug/debug-panel').then((m) => ({ default: m.DebugPanel })));

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1_000);
  return () => window.clearTimeout(id);
}

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
 * The default layout of every route (docs/product-rules.md). Cloudscape's AppLayout brings the skip-to-main-content link, the
 * landmarks and the mobile drawer behaviour; the navigation starts closed below 1280 px (the phone and tablet layout).
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
  useEffect(() => whenIdle(() => void loadFlashbar().catch(() => undefined)), []);
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
        notifications={
          notifications.length > 0 ? (
            <Suspense fallback={null}>
              <Flashbar items={notifications} />
            </Suspense>
          ) : undefined
        }
        stickyNotifications
        maxContentWidth={maxContentWidthFor(breakpoint)}
        content={<Outlet />}
      />
      <AppFooter onOpenDebug={() => setToolsOpen(true)} />
    </>
  );
}
