import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { DebugPanel } from '../debug/debug-panel';
import { useConnectivityNotifications } from '../service-health/use-connectivity-notifications';
import { AppFooter, FOOTER_ID } from './app-footer';
import { isMobileBreakpoint, isMobileWidth, maxContentWidthFor } from './breakpoints';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { useBreakpoint } from './use-breakpoint';
import { useScrollToTopOnNavigate } from './scroll-to-top';

const TOP_NAV_ID = 'app-top-nav';

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
        tools={<DebugPanel authStatus={authStatus} />}
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        notifications={notifications.length > 0 ? <Flashbar items={notifications} /> : undefined}
        stickyNotifications
        maxContentWidth={maxContentWidthFor(breakpoint)}
        content={<Outlet />}
      />
      <AppFooter onOpenDebug={() => setToolsOpen(true)} />
    </>
  );
}
