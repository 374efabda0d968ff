import type { ComponentType } from 'react';
import type { NavLink } from '../components/layout/side-nav';
import type { StringGroup } from '../i18n/string-groups';

/**
 * How a route is guarded (docs/product-rules.md, "Screens and guards"):
 * - protected: signed in with a verified email (/admin adds its admin check on the page itself);
 * - open: no guard at all (token update link, update success, verification page, about, privacy policy, 404);
 * - auth: the sign-in page, which sends an already signed-in user on to `?redirect=` or `/`.
 * The guards are applied in one place, `guardedGroup` in router.tsx.
 */
export type Guard = 'protected' | 'open' | 'auth';
export const GUARDS: readonly Guard[] = ['protected', 'open', 'auth'];

export interface AppRoute {
  path: string;
  guard: Guard;
  /** Lazily loaded page: each screen is its own chunk, fetched on first visit. */
  load: () => Promise<ComponentType>;
  /** The page shows its content to administrators only (docs/product-rules.md); everyone else sees Access Denied. */
  adminOnly?: boolean;
  /**
   * The groups of strings the page shows beyond the first part (i18n/string-groups.ts), fetched with its chunk.
   * Left out, the page waits for every group: correct, only slower. `[]`: the first part is enough.
   */
  strings?: readonly StringGroup[];
  /**
   * The route's link in the side navigation (its section, the key of its label, and a language when the page has
   * one address per language). The navigation is derived from this table (app/navigation.ts), in its order.
   */
  nav?: NavLink;
}

/**
 * Admin pages show the admin strings, the account ones through the shared forms (a parent's record, requests) and
 * the directory's (contact details, staff groups).
 */
const ADMIN_STRINGS: readonly StringGroup[] = ['admin', 'account', 'directory'];

/** Every screen, in the side navigation's order for those that have a link there (`nav`). */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    guard: 'protected',
    nav: { section: 'top', label: 'nav.home' },
    strings: ['directory'],
    load: () => import('../features/home/pages/home-page').then((m) => m.HomePage),
  },
  {
    path: '/classes',
    guard: 'protected',
    nav: { section: 'directory', label: 'nav.classes' },
    strings: ['directory'],
    load: () => import('../features/classes/pages/classes-page').then((m) => m.ClassesPage),
  },
  {
    path: '/students',
    guard: 'protected',
    nav: { section: 'directory', label: 'nav.students' },
    strings: ['directory'],
    load: () => import('../features/students/pages/students-page').then((m) => m.StudentsPage),
  },
  {
    path: '/parents',
    guard: 'protected',
    nav: { section: 'directory', label: 'nav.parents' },
    strings: ['directory'],
    load: () => import('../features/parents/pages/parents-page').then((m) => m.ParentsPage),
  },
  {
    path: '/staff',
    guard: 'protected',
    nav: { section: 'directory', label: 'nav.staff' },
    strings: ['directory'],
    load: () => import('../features/staff/pages/staff-page').then((m) => m.StaffPage),
  },
  {
    path: '/committees',
    guard: 'protected',
    nav: { section: 'directory', label: 'nav.committees' },
    strings: ['directory'],
    load: () => import('../features/committees/pages/committees-page').then((m) => m.CommitteesPage),
  },
  {
    path: '/profile',
    guard: 'protected',
    nav: { section: 'account', label: 'nav.profile' },
    strings: ['account', 'directory'],
    load: () => import('../features/profile/pages/profile-page').then((m) => m.ProfilePage),
  },
  // Messages to a class, a committee or the school (docs/messages.md): received, sent, and the form to write.
  {
    path: '/messages',
    guard: 'protected',
    nav: { section: 'account', label: 'messages.nav.inbox' },
    strings: ['account'],
    load: () => import('../features/messages/pages/messages-page').then((m) => m.MessagesPage),
  },
  // Families near me, for carpooling (docs/messages.md, "Families near me"): the choice and the opted-in families of my FSA.
  {
    path: '/carpool',
    guard: 'protected',
    nav: { section: 'account', label: 'carpool.nav', parentsOnly: true },
    strings: ['account'],
    load: () => import('../features/carpool/pages/carpool-page').then((m) => m.CarpoolPage),
  },
  {
    path: '/admin',
    guard: 'protected',
    nav: { section: 'admin', label: 'nav.adminDashboard' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  },
  {
    path: '/admin/annual-update',
    guard: 'protected',
    nav: { section: 'admin', label: 'nav.annualUpdate' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/annual-update/pages/annual-update-page').then((m) => m.AnnualUpdatePage),
  },
  // Review before publishing: the held answers of the campaign (docs/annual-update.md).
  {
    path: '/admin/annual-update/review',
    guard: 'protected',
    adminOnly: true,
    load: () => import('../features/annual-update/pages/annual-update-review-page').then((m) => m.AnnualUpdateReviewPage),
  },
  {
    path: '/admin/data',
    guard: 'protected',
    nav: { section: 'admin', label: 'adminData.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/admin-data/pages/admin-data-page').then((m) => m.AdminDataPage),
  },
  // Committees: members, roles and parents' sign-ups (docs/frontend.md, "Committees").
  {
    path: '/admin/committees',
    guard: 'protected',
    nav: { section: 'admin', label: 'adminCommittees.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/admin-committees/pages/admin-committees-page').then((m) => m.AdminCommitteesPage),
  },
  // Likely duplicate parents, their merge and its undo (docs/product-rules.md, "Duplicates").
  {
    path: '/admin/duplicates',
    guard: 'protected',
    nav: { section: 'admin', label: 'duplicates.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/duplicates/pages/duplicates-page').then((m) => m.DuplicatesPage),
  },
  {
    path: '/admin/school-progression',
    guard: 'protected',
    nav: { section: 'admin', label: 'nav.schoolProgression' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/progression/pages/school-progression-page').then((m) => m.SchoolProgressionPage),
  },
  // The privacy requests' queue (docs/privacy.md).
  {
    path: '/admin/privacy-requests',
    guard: 'protected',
    nav: { section: 'admin', label: 'nav.privacyRequests' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/privacy-requests/pages/privacy-requests-page').then((m) => m.PrivacyRequestsPage),
  },
  // The confidentiality-incident register (docs/privacy.md).
  {
    path: '/admin/privacy-incidents',
    guard: 'protected',
    nav: { section: 'admin', label: 'privacyIncidents.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/privacy-admin/pages/incident-register-page').then((m) => m.IncidentRegisterPage),
  },
  // Retention periods and the purge's yearly reports (docs/privacy.md, "Retention").
  {
    path: '/admin/privacy-retention',
    guard: 'protected',
    nav: { section: 'admin', label: 'retention.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/privacy-admin/pages/retention-page').then((m) => m.RetentionPage),
  },
  // The school settings (docs/data-onboarding.md, "School settings").
  {
    path: '/admin/settings',
    guard: 'protected',
    nav: { section: 'admin', label: 'schoolSettings.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/admin-settings/pages/school-settings-page').then((m) => m.SchoolSettingsPage),
  },
  // Administrator roles and the handover (docs/operations.md, "Handing over").
  {
    path: '/admin/roles',
    guard: 'protected',
    nav: { section: 'admin', label: 'adminRoles.nav' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/admin-settings/pages/admin-roles-page').then((m) => m.AdminRolesPage),
  },
  // The message log, approvals and who may write (docs/messages.md).
  {
    path: '/admin/messages',
    guard: 'protected',
    nav: { section: 'admin', label: 'messages.nav.admin' },
    adminOnly: true,
    strings: ADMIN_STRINGS,
    load: () => import('../features/messages/pages/admin-messages-page').then((m) => m.AdminMessagesPage),
  },
  // Open: a message's unsubscribe link works without a session (docs/messages.md, "Unsubscribe").
  {
    path: '/unsubscribe',
    guard: 'open',
    strings: ['account'],
    load: () => import('../features/messages/pages/unsubscribe-page').then((m) => m.UnsubscribePage),
  },
  {
    path: '/auth',
    guard: 'auth',
    strings: [],
    load: () => import('../features/auth/pages/auth-page').then((m) => m.AuthPage),
  },
  // Open: the emailed takeover link must work whoever is (or is not) signed in in this browser.
  {
    path: '/auth/recover',
    guard: 'open',
    strings: [],
    load: () =>
      import('../features/auth/pages/recover-account-page').then((m) => m.RecoverAccountPage),
  },
  {
    path: '/email-verification-required',
    guard: 'open',
    strings: [],
    load: () =>
      import('../features/auth/pages/email-verification-required-page').then((m) => m.EmailVerificationRequiredPage),
  },
  // Paper letters: the page where a parent types the short code of their letter (docs/annual-update.md).
  {
    path: '/mise-a-jour/code',
    guard: 'open',
    load: () => import('../features/update/pages/update-code-page').then((m) => m.FrenchUpdateCodePage),
  },
  {
    path: '/update/code',
    guard: 'open',
    load: () => import('../features/update/pages/update-code-page').then((m) => m.EnglishUpdateCodePage),
  },
  {
    path: '/update/:token',
    guard: 'open',
    strings: ['account', 'directory'],
    load: () => import('../features/update/pages/update-page').then((m) => m.UpdatePage),
  },
  // The same page at its French address (a link typed by hand, or kept from an old letter), in French.
  {
    path: '/mise-a-jour/:token',
    guard: 'open',
    strings: ['account', 'directory'],
    load: () => import('../features/update/pages/update-page').then((m) => m.FrenchUpdatePage),
  },
  {
    path: '/update-success',
    guard: 'open',
    strings: ['account'],
    load: () => import('../features/update/pages/update-success-page').then((m) => m.UpdateSuccessPage),
  },
  // The privacy policy, one address per language, open to everyone (docs/privacy.md).
  {
    path: '/confidentialite',
    guard: 'open',
    strings: ['account'],
    load: () => import('../features/privacy/pages/privacy-page').then((m) => m.FrenchPrivacyPage),
  },
  {
    path: '/privacy',
    guard: 'open',
    strings: ['account'],
    load: () => import('../features/privacy/pages/privacy-page').then((m) => m.EnglishPrivacyPage),
  },
  // Help, one address per language, open to everyone (docs/frontend.md, "Help, and diagnostics for administrators").
  {
    path: '/aide',
    guard: 'open',
    nav: { section: 'footer', label: 'nav.help', language: 'fr' },
    strings: ['account'],
    load: () => import('../features/help/pages/help-page').then((m) => m.FrenchHelpPage),
  },
  {
    path: '/help',
    guard: 'open',
    nav: { section: 'footer', label: 'nav.help', language: 'en' },
    strings: ['account'],
    load: () => import('../features/help/pages/help-page').then((m) => m.EnglishHelpPage),
  },
  {
    path: '/about',
    guard: 'open',
    nav: { section: 'footer', label: 'nav.about' },
    strings: [],
    load: () => import('../features/about/pages/about-page').then((m) => m.AboutPage),
  },
  {
    path: '*',
    guard: 'open',
    strings: [],
    load: () => import('../features/not-found/pages/not-found-page').then((m) => m.NotFoundPage),
  },
];
