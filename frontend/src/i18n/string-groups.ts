/**
 * The app's strings (fr.json, en.json) come in parts (docs/frontend.md, "First page"): the first part, loaded
 * before the first render, holds every namespace except those listed here; each group below is fetched with the
 * screens that use it (app/routes.ts, `strings`) and merged into the same i18next bundle, so keys keep their
 * names (`progression.title`). The JSON files stay whole: frontend/build/string-groups.ts splits them at build
 * time (`fr.json?strings=admin`), and under Vitest and the dev server every part is the whole file.
 *
 * A namespace listed nowhere stays in the first part: a new one works on every screen at once, and the first-page
 * budget (test/bench/first-page-budget.test.ts) says when it weighs too much. A listed namespace's `nav` key is
 * the side navigation's entry for its screens: it stays in the first part too.
 */
export const STRING_GROUPS = {
  /** The administrators' screens (only admins open them). */
  admin: [
    'adminDashboard',
    'annualUpdateAdmin',
    'adminData',
    'progression',
    'privacyIncidents',
    'retention',
    'duplicates',
    'schoolSettings',
    'adminRoles',
    'adminCommittees',
  ],
  /**
   * A member's own data and forms: profile, the emailed update link, the privacy policy's page and requests.
   * (`privacy` stays in the first part: the sign-up form shows its short notice.)
   */
  account: [
    'updateForm',
    'updateSuccess',
    'profileEdit',
    'myActivity',
    'myData',
    'privacyPreview',
    'privacyRequests',
    'consentLog',
    // The help page (/aide, /help): what a member asks about their account, their card and their update link.
    'help',
    // Messages, their unsubscribe page and the email choices on My Profile (docs/messages.md).
    'messages',
    // Families near me: its page and its choice on My Profile (docs/messages.md, "Families near me").
    'carpool',
  ],
  /** The directory's screens (home, classes, students, parents, staff, committees, a member's profile). */
  directory: ['directory'],
} as const satisfies Record<string, readonly string[]>;

export type StringGroup = keyof typeof STRING_GROUPS;
/** What a module of strings holds: the first part, or one group. */
export type StringPart = 'first' | StringGroup;
export const STRING_GROUP_NAMES = Object.keys(STRING_GROUPS) as StringGroup[];
/** Keys of a listed namespace that stay in the first part (the side navigation shows them on every screen). */
const FIRST_PART_KEYS = ['nav'];

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

function groupOf(namespace: string): StringGroup | undefined {
  return STRING_GROUP_NAMES.find((group) => (STRING_GROUPS[group] as readonly string[]).includes(namespace));
}

function pick(tree: Tree, keep: (key: string) => boolean): Tree | undefined {
  const entries = Object.entries(tree).filter(([key]) => keep(key));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The keys of one part of a translation file (used at build time; the parts together are the whole file). */
export function selectStrings(strings: Tree, part: StringPart): Tree {
  const out: Tree = {};
  for (const [namespace, value] of Object.entries(strings)) {
    const group = groupOf(namespace);
    let kept: unknown;
    if (!group) kept = part === 'first' ? value : undefined;
    else if (!isTree(value)) kept = part === group ? value : undefined;
    else if (part === 'first') kept = pick(value, (key) => FIRST_PART_KEYS.includes(key));
    else if (part === group) kept = pick(value, (key) => !FIRST_PART_KEYS.includes(key));
    if (kept !== undefined) out[namespace] = kept;
  }
  return out;
}

/** Merges parts of a translation file back together (nested namespaces, as selectStrings split them). */
export function mergeStrings(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? mergeStrings(current, value) : value;
  }
  return out;
}
