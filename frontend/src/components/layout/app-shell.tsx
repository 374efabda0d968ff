import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import Spinner from '@cloudscape-design/components/spinner';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { HELP_PATHS } from '../../lib/help-paths';
import { useLanguage } from '../../lib/use-language';
import { debugSwitchOn } from '../debug/debug-switch';
import { useConnectivityNotifications } from '../service-health/use-connectivity-notifications';
import { AppFooter } from './app-footer';
import { focusMainHeading } from './focus-heading';
import { useFocusClearOfHeader } from './focus-clear-of-header';
import { MAIN_ID, TOP_NAV_ID } from './layout-ids';
import { SkipLink } from './skip-link';
import { LazyFlashbar, usePreloadFlashbar } from './lazy-flashbar';
import { isMobileBreakpoint, isMobileWidth, maxContentWidthFor } from './breakpoints';
import { useInstallOfferNotification } from './install-offer';
import { SideNav, type NavSection } from './side-nav';
import { TopBar } from './top-bar';
import { useBreakpoint } from './use-breakpoint';
import { useScrollToTopOnNavigate } from './scroll-to-top';

/* The debug panel loads only when someone opens the tools drawer (docs/frontend.md, "First page"). */
const DebugPanel = lazy(() => import('../debug/debug-panel').then((m) => ({ default: m.DebugPanel })));

export interface AppShellProps {
  /** The side navigation's sections, derived from the route table by the app (app/navigation.ts). */
  navigation: readonly NavSection[];
  showAdminSection: boolean;
  /** The links for parents only (families near me); not for a staff member's account. */
  showParentLinks?: boolean;
  /** No side navigation (a signed-out visitor on an emailed link's page: app/auth-shell.tsx). */
  hideNavigation?: boolean;
  /**
   * The diagnostics (debug panel, its footer link) are for administrators; anyone else needs the explicit switch
   * `?debug=1` (components/debug/debug-switch.ts). Wired to the server's admin decision by the auth layer.
   */
  showDiagnostics?: boolean;
  /** A signed-in member: the shell offers to install the app (once, components/layout/install-offer.tsx). */
  offerInstall?: boolean;
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
export function AppShell({
  navigation,
  showAdminSection,
  showParentLinks = true,
  hideNavigation = false,
  showDiagnostics = false,
  offerInstall = false,
  authStatus,
  accountUtility,
  notifications: extra = [],
}: AppShellProps) {
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
  // The install offer on the home page only, and not stuck over the page: on every page it took a quarter of a phone's
  // first screen and, stuck at the top, covered a table's rows at 1,440 px (a trial). Connectivity and session notices
  // stay in view while scrolling.
  const { pathname } = useLocation();
  const installOffer = useInstallOfferNotification(offerInstall && pathname === '/');
  const notifications = [...extra, ...installOffer, ...connectivity];
  const tools = useHelpAndDiagnostics(showDiagnostics, toolsOpen, setToolsOpen);
  useScrollToTopOnNavigate();

  // Crossing the mobile boundary resets the drawer to that size's default; other resizes keep the user's choice.
  const wasMobile = useRef(mobile);
  useEffect(() => {
    if (wasMobile.current === mobile) return;
    wasMobile.current = mobile;
    setNavigationOpen(!mobile);
  }, [mobile]);

  const headingAfterDrawer = useFocusHeadingAfterDrawer();
  // A page chosen in the navigation: its heading takes the focus, on a phone (the drawer closes) as on a laptop,
  // so a screen reader says the new page (a trial's focus stayed on the link, the page's change unsaid).
  const afterNavigationChoice = useCallback(() => {
    headingAfterDrawer();
    if (isMobileWidth(window.innerWidth)) setNavigationOpen(false);
  }, [headingAfterDrawer]);
  useEscapeClosesDrawer(mobile && navigationOpen, () => setNavigationOpen(false));
  useFocusClearOfHeader();

  return (
    <>
      <SkipLink />
      <div id={TOP_NAV_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopBar accountUtility={accountUtility} />
      </div>
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        // AppLayout takes the measured footer's height off its panels' height (for a footer fixed at the bottom).
        footerSelector={`#${FOOTER_BOX_ID}`}
        navigation={<SideNav sections={navigation} showAdminSection={showAdminSection} showParentLinks={showParentLinks} onNavigate={afterNavigationChoice} />}
        navigationHide={hideNavigation}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        ariaLabels={tools.ariaLabels}
        tools={
          tools.diagnostics && (toolsOpen || debugOpened) ? (
            <Suspense fallback={<Spinner />}>
              <DebugPanel authStatus={authStatus} />
            </Suspense>
          ) : null
        }
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => tools.onToolsChange(detail.open)}
        notifications={notifications.length > 0 ? <LazyFlashbar items={notifications} /> : undefined}
        stickyNotifications={connectivity.length + extra.length > 0}
        maxContentWidth={maxContentWidthFor(breakpoint)}
        content={
          <div id={MAIN_ID} className="skip-link-target" tabIndex={-1}>
            <Outlet />
          </div>
        }
      />
      {/* Under the phone's open drawer, the footer is out of reach: Tab went on to its links, hidden behind it. */}
      <div id={FOOTER_BOX_ID} style={footerBoxStyle(mobile, navigationOpen)} inert={mobile && navigationOpen}>
        <AppFooter onOpenDebug={tools.diagnostics ? () => setToolsOpen(true) : undefined} />
      </div>
    </>
  );
}

/** The box around the footer, whose height AppLayout measures (`footerSelector`). */
const FOOTER_BOX_ID = 'app-footer-box';

/**
 * AppLayout takes the measured footer's height off its panels (for a footer fixed at the bottom of the screen). Ours
 * flows after the page, so the phone's navigation drawer, which covers the page, ended 112 px above the bottom of
 * the screen (« Paramètres de l'école » cut, white space under it). While the drawer is open below 1280 px, the box
 * AppLayout measures is of no height (the footer, under the drawer, overflows it where it was): the drawer's scroll
 * area reaches the bottom. Closed, the footer's height counts again (a short page keeps its footer on screen).
 */
export function footerBoxStyle(mobile: boolean, navigationOpen: boolean): CSSProperties | undefined {
  return mobile && navigationOpen ? { blockSize: 0 } : undefined;
}

/**
 * Escape closes the phone's navigation drawer, as it closes a dialog (a trial's did not), and gives the focus back to
 * the button that opens it, as the drawer's own close button does (Cloudscape does not on Escape: a trial's focus
 * was left on the page's body). The button is found by AppLayout's stable test class (its name is hashed).
 */
function useEscapeClosesDrawer(open: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      latest.current();
      window.setTimeout(() => {
        const toggle = document.querySelector<HTMLElement>('[class*="awsui_navigation-toggle_"]');
        (toggle?.matches('button') ? toggle : toggle?.querySelector<HTMLElement>('button'))?.focus();
      }, 0);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
}

/**
 * A page chosen in the phone's navigation drawer: the drawer closes and Cloudscape gives the focus back to its
 * button, where a keyboard or screen-reader user would have to find the page again. The focus goes to the new
 * page's heading instead, once that page shows (the effect runs after AppLayout's, its child). The returned
 * function marks the next navigation as one from the drawer.
 */
function useFocusHeadingAfterDrawer(): () => void {
  const { key } = useLocation();
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    return focusMainHeading();
  }, [key]);
  return useCallback(() => {
    pending.current = true;
  }, []);
}

/**
 * The ⓘ button (AppLayout's tools toggle) opens the help page, for everyone (docs/frontend.md, "Help, and
 * diagnostics for administrators"); the tools drawer holds the debug panel, opened from the footer by
 * administrators or with `?debug=1`. While that drawer is open, the ⓘ button closes it.
 */
function useHelpAndDiagnostics(showDiagnostics: boolean, toolsOpen: boolean, setToolsOpen: (open: boolean) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const { search } = useLocation();
  const diagnostics = useMemo(() => showDiagnostics || debugSwitchOn(search), [showDiagnostics, search]);
  const onToolsChange = (open: boolean) => {
    if (open && !toolsOpen) void navigate(HELP_PATHS[lang]);
    else setToolsOpen(open);
  };
  const ariaLabels = { toolsToggle: t('shell.helpButton'), tools: t('debug.title'), toolsClose: t('shell.closeDebug') };
  // A member who loses the diagnostics (signed out, switch turned off) must not keep an open drawer.
  useEffect(() => {
    if (!diagnostics) setToolsOpen(false);
  }, [diagnostics, setToolsOpen]);
  return { diagnostics, onToolsChange, ariaLabels };
}
