/**
 * Where each field of a person entity goes: the one list that says, for every field declared in the entity's
 * schema (shared/schemas/parent.ts, student.ts, staff.ts), who reads it in the directory, whether the data
 * editor's input carries it, which import and export columns hold it, and where the person's own download puts
 * it; or, for each surface it does not reach, why. test/shared/entity-fields.test.ts holds every surface to this
 * list and this list to the schemas, so a field added to a schema and forgotten somewhere fails a test
 * (docs/architecture.md, « New field »). Pure data, zod-free.
 */

/** A surface a field deliberately does not reach, and why (for the next reader, not for users). */
export interface Excluded {
  excluded: string;
}

/**
 * Who reads a field in the member directory (GET /api/directory, and so every screen, search, the printable
 * directory, vCards and the offline copy built from it), as shared/rules/visibility.ts decides:
 * - `everyone`: every member;
 * - `chosen`: the person's own choice decides (a parent's audiences, a staff member's email choice);
 * - `staff`: staff readers only, never a parent (and never the offline copy or the printout).
 */
export type DirectoryAudience = 'everyone' | 'chosen' | 'staff';

export interface FieldRoute {
  /** The key in the directory's shape (shared/contracts/directory-api.ts) and who reads it. */
  directory: { key: string; audience: DirectoryAudience } | Excluded;
  /** The key in the data editor's input (shared/contracts/admin-api.ts). */
  input: string | Excluded;
  /** The import columns holding it (shared/rules/import-columns.ts); the export writes the same columns. */
  columns: readonly string[] | Excluded;
  /** The key in the person's own download (shared/contracts/my-data-api.ts): the parent record, or a child of the parent. */
  myData: string | Excluded;
}

export const isExcluded = (route: unknown): route is Excluded =>
  typeof route === 'object' && route !== null && 'excluded' in route;

const everyone = (key: string) => ({ key, audience: 'everyone' as const });
const chosen = (key: string) => ({ key, audience: 'chosen' as const });
const no = (why: string): Excluded => ({ excluded: why });

/** A field on every surface under the same name. */
const plain = (key: string, directory: FieldRoute['directory'] = everyone(key)): FieldRoute => ({ directory, input: key, columns: [key], myData: key });

const RULE_INPUT = no('read by the visibility rule, never shown as such');
const BY_UPDATE_LINK = no("the staff member's own, set through their update link (docs/annual-update.md, Staff)");
const NOT_IN_STAFF_FILE = no('not in the staff file: an import keeps the stored value');
const STAFF_HAVE_NO_DOWNLOAD = no('the download is for parents (docs/privacy.md, "Download my data")');

export const PARENT_FIELDS = {
  firstName: plain('firstName'),
  lastName: plain('lastName'),
  email: plain('email', chosen('email')),
  phone: plain('phone', chosen('phone')),
  address: { directory: chosen('address'), input: 'address', columns: ['street', 'city', 'postalCode'], myData: 'address' },
  interests: plain('interests', chosen('interests')),
  skills: plain('skills', chosen('skills')),
  participation: { directory: RULE_INPUT, input: 'participation', columns: ['participation'], myData: 'participation' },
  audiences: {
    directory: RULE_INPUT,
    input: 'audiences',
    columns: ['emailAudience', 'phoneAudience', 'addressAudience', 'profileAudience'],
    myData: 'audiences',
  },
  preferredLanguage: { directory: no('used for emails only'), input: 'preferredLanguage', columns: ['language'], myData: 'preferredLanguage' },
  safetyRestriction: {
    directory: RULE_INPUT,
    input: no('its own route, PUT /api/admin/parents/{id}/safety-restriction (docs/privacy.md)'),
    columns: ['hiddenFrom'],
    myData: no('administrators only: the restricted parent must not learn who is protected (docs/privacy.md)'),
  },
} as const satisfies Record<string, FieldRoute>;

export const STUDENT_FIELDS = {
  firstName: plain('firstName'),
  lastName: plain('lastName'),
  level: plain('level'),
  classId: { directory: everyone('classIndex'), input: 'classId', columns: ['class'], myData: 'class' },
  staffNote: {
    directory: { key: 'staffNote', audience: 'staff' },
    input: 'staffNote',
    columns: ['staffNote'],
    myData: no("written by the school for its staff, not part of the parents' copy (docs/privacy.md)"),
  },
} as const satisfies Record<string, FieldRoute>;

export const STAFF_FIELDS = {
  firstName: { ...plain('firstName'), myData: STAFF_HAVE_NO_DOWNLOAD },
  lastName: { ...plain('lastName'), myData: STAFF_HAVE_NO_DOWNLOAD },
  email: { ...plain('email', chosen('email')), myData: STAFF_HAVE_NO_DOWNLOAD },
  phone: { ...plain('phone'), myData: STAFF_HAVE_NO_DOWNLOAD },
  title: { directory: everyone('title'), input: 'title', columns: ['titleFr', 'titleEn'], myData: STAFF_HAVE_NO_DOWNLOAD },
  department: { ...plain('department'), myData: STAFF_HAVE_NO_DOWNLOAD },
  interests: { ...plain('interests'), myData: STAFF_HAVE_NO_DOWNLOAD },
  extension: { directory: everyone('extension'), input: BY_UPDATE_LINK, columns: NOT_IN_STAFF_FILE, myData: STAFF_HAVE_NO_DOWNLOAD },
  showEmail: { directory: RULE_INPUT, input: BY_UPDATE_LINK, columns: NOT_IN_STAFF_FILE, myData: STAFF_HAVE_NO_DOWNLOAD },
  preferredLanguage: {
    directory: no('used for emails only'),
    input: BY_UPDATE_LINK,
    columns: NOT_IN_STAFF_FILE,
    myData: STAFF_HAVE_NO_DOWNLOAD,
  },
} as const satisfies Record<string, FieldRoute>;
