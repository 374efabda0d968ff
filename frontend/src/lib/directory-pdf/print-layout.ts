import { formatLongDate } from '@shared/format/long-date';
import { formatPhone } from '@shared/format/phone';
import type { DirectoryParent, DirectoryResponse, DirectoryStaff } from '@shared/contracts/directory-api';
import type { PaperSize, PrintScope } from '@shared/contracts/directory-print-api';
import type { Language } from '@shared/schemas/common';
import { formatAddress } from '../directory/address';
import { visibleStaffContact } from '@shared/rules/visibility';
import { STAFF_DEPARTMENT_CODES } from '@shared/schemas/staff';
import type { DirectoryIndex } from '../directory/directory-index';
import { classLevelsLabel, departmentLabel, localized, roleLabel, studentLevelLabel } from '../directory/labels';
import { compareNames, compareText, fullName } from '../directory/names';

/**
 * The printable directory (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser"), as data: what
 * goes on the pages, in which order and style, before any PDF exists. Built ONLY from the directory response the
 * viewer received, which the server has already passed through the visibility rule (shared/rules/visibility.ts): a
 * field absent from the response is absent from the printout. Pure, so tests read it without a PDF.
 */

export type { PaperSize, PrintScope } from '@shared/contracts/directory-print-api';

/** Text styles the renderer knows (sizes and fonts in print-render.ts). */
export type PrintStyle = 'part' | 'heading' | 'strong' | 'body' | 'detail';

export interface PrintLine {
  text: string;
  style: PrintStyle;
  /** Indent level: 0 at the margin. */
  indent?: number;
}

/** Lines kept in one column when they fit (a family, a person; a heading with its first lines). */
export interface PrintBlock {
  lines: PrintLine[];
}

export interface PrintCover {
  school: string;
  title: string;
  scope: string;
  year?: string;
  updated: string;
}

export interface PrintDocument {
  lang: Language;
  paper: PaperSize;
  cover: PrintCover;
  blocks: PrintBlock[];
  /** "Confidentiel — préparé pour <viewer> le <date>": on every page, with the page number. */
  footer: string;
  /** Page number text with {page} and {pages}. */
  pageLabel: (page: number, pages: number) => string;
  /** The PDF's title (document properties). */
  documentTitle: string;
}

/** Translation function as i18next gives it (`getFixedT(lang)`), so every printed word lives in the i18n files. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface PrintOptions {
  scope: PrintScope;
  lang: Language;
  paper: PaperSize;
  /** Who the copy is prepared for, and the day (YYYY-MM-DD): from the audit route's answer. */
  viewerName: string;
  day: string;
  t: Translate;
}

const k = (key: string) => `directory.pdf.doc.${key}`;

/** A person's contact details as one line: what the response holds, nothing else. */
function contactLine(person: { email?: string; phone?: string }): string {
  return [person.phone && printedPhone(person.phone), person.email].filter(Boolean).join(' · ');
}

/**
 * A phone as printed: « 514\u00a0555-0104 », its space a no-break one, so a line never ends inside it (a trial's
 * committee page read « 579 » at a line's end and « 555-3617 » on the next), as the postal code keeps its own.
 */
const printedPhone = (phone: string) => formatPhone(phone).replace(' ', '\u00a0');

/**
 * A staff member's contact line, worded as on the staff page's i18n entries: the extension follows the phone
 * (« 514 555-0104, poste 1234 », "514 555-0104, ext. 1234"), or stands alone on the school's line (« Poste 1234 »)
 * when the member has no phone of their own; visibleStaffContact (shared/rules/visibility.ts) decides what shows,
 * as for the staff page and the vCard.
 */
function staffContactLine(member: DirectoryStaff, t: Translate): string {
  const contact = visibleStaffContact(member);
  const phone = contact.phone && printedPhone(contact.phone);
  const { extension } = contact;
  const withExtension = extension
    ? phone
      ? t('staffUpdate.directory.phoneExtension', { phone, extension })
      : t('staffUpdate.directory.extension', { extension })
    : phone;
  return [withExtension, contact.email].filter(Boolean).join(' · ');
}

/**
 * A family's parents: each name, then the phone and email the response holds, then the address, said once when
 * the next parent shares it (absent fields leave no line).
 */
function parentsLines(parents: DirectoryParent[], indent: number): PrintLine[] {
  return parents.flatMap((parent, i) => {
    const address = parent.address && formatAddress(parent.address, true);
    const next = parents[i + 1]?.address;
    const shared = address !== undefined && next !== undefined && formatAddress(next, true) === address;
    return [
      { text: fullName(parent), style: 'body' as const, indent },
      ...(contactLine(parent) ? [{ text: contactLine(parent), style: 'detail' as const, indent: indent + 1 }] : []),
      ...(address && !shared ? [{ text: address, style: 'detail' as const, indent: indent + 1 }] : []),
    ];
  });
}

/** The positions of the classes printed: all, or the one of the scope (none when it no longer exists). */
function classesInScope(directory: DirectoryResponse, scope: PrintScope): number[] {
  if (scope.kind === 'school') return directory.classes.map((_, i) => i);
  const found = directory.classes.findIndex((c) => c.id === scope.classId);
  return found < 0 ? [] : [found];
}

/**
 * A class: its heading, teacher and count, then its students one per line (their level when the class has
 * several). The parents are in the families part, once per family. The heading travels with its first students.
 */
function classBlocks(index: DirectoryIndex, c: number, options: PrintOptions): PrintBlock[] {
  const { directory } = index;
  const { t, lang } = options;
  const schoolClass = directory.classes[c]!;
  const teacher = schoolClass.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
  const students = index.studentsByClass[c] ?? [];
  const head: PrintLine[] = [
    { text: `${schoolClass.name} · ${classLevelsLabel(directory, schoolClass.levels, lang)}`, style: 'heading' },
    {
      text: teacher
        ? t(k('teacher'), { name: [fullName(teacher), staffContactLine(teacher, t)].filter(Boolean).join(' · ') })
        : t('directory.classes.noTeacher'),
      style: 'body',
    },
    { text: t(k('studentCount'), { count: students.length }), style: 'detail' },
  ];
  if (students.length === 0) return [{ lines: [...head, { text: t('directory.empty.noStudentsInClass'), style: 'detail' }] }];
  const levels = new Set(students.map((s) => directory.students[s]!.level)).size > 1;
  const lines = students.map((s): PrintLine => {
    const student = directory.students[s]!;
    return { text: levels ? `${fullName(student)} · ${studentLevelLabel(directory, student.level, lang)}` : fullName(student), style: 'body', indent: 1 };
  });
  const KEEP = 3;
  return [{ lines: [...head, ...lines.slice(0, KEEP)] }, ...lines.slice(KEEP).map((line) => ({ lines: [line] }))];
}

/**
 * Families A to Z, with the children in the printed classes only (a class printout names no child of another
 * class) and those children's parents.
 */
function familyBlocks(index: DirectoryIndex, classes: ReadonlySet<number>, options: PrintOptions): PrintBlock[] {
  const { directory } = index;
  const { t, lang } = options;
  const inScope = (s: number) => classes.has(directory.students[s]!.classIndex ?? -1);
  const printed = index.families.flatMap((family) => {
    const students = family.students.filter(inScope);
    if (students.length === 0) return [];
    const parentSet = new Set(students.flatMap((s) => index.parentsOfStudent[s] ?? []));
    const parents = family.parents.filter((p) => parentSet.has(p));
    const children = students.map((s) => {
      const student = directory.students[s]!;
      const schoolClass = student.classIndex === undefined ? undefined : directory.classes[student.classIndex];
      const where = [studentLevelLabel(directory, student.level, lang), schoolClass?.name].filter(Boolean).join(', ');
      return `${fullName(student)} (${where})`;
    });
    const name = [...new Set(students.map((s) => directory.students[s]!.lastName))].sort(compareText).join(' / ');
    return [
      {
        name,
        lines: [
          { text: name, style: 'strong' as const },
          { text: t(k('children'), { names: children.join(' · ') }), style: 'body' as const, indent: 1 },
          ...(parents.length === 0
            ? [{ text: t('directory.students.noParents'), style: 'detail' as const, indent: 1 }]
            : parentsLines(parents.map((p) => directory.parents[p]!), 1)),
        ],
      },
    ];
  });
  // A family's name is its printed children's last names: sorted again once the other classes' are gone.
  return printed.sort((a, b) => compareText(a.name, b.name)).map(({ lines }) => ({ lines }));
}

function staffBlocks(index: DirectoryIndex, options: PrintOptions): PrintBlock[] {
  const { directory } = index;
  const { t, lang } = options;
  const departments = [...new Set([...STAFF_DEPARTMENT_CODES, ...directory.staff.map((m) => m.department)])];
  return departments.flatMap((department) => {
    const members = index.staffByName.filter((m) => directory.staff[m]!.department === department);
    if (members.length === 0) return [];
    const lines = members.map((m): PrintLine[] => {
      const member = directory.staff[m]!;
      const classes = member.classIndexes.map((c) => directory.classes[c]?.name).filter(Boolean).join(', ');
      const contact = staffContactLine(member, t);
      return [
        { text: `${fullName(member)} · ${localized(member.title, lang)}`, style: 'strong', indent: 1 },
        ...(classes ? [{ text: t(k('teaches'), { classes }), style: 'body' as const, indent: 2 }] : []),
        ...(contact ? [{ text: contact, style: 'body' as const, indent: 2 }] : []),
      ];
    });
    const [first, ...rest] = lines;
    return [
      { lines: [{ text: departmentLabel(department, lang), style: 'heading' as const }, ...(first ?? [])] },
      ...rest.map((person) => ({ lines: person })),
    ];
  });
}

function committeeBlocks(index: DirectoryIndex, options: PrintOptions): PrintBlock[] {
  const { directory } = index;
  const { t, lang } = options;
  return directory.committees.map((committee) => {
    const seat = (role: string, name: string, detail?: string): PrintLine => ({
      text: t(k('seat'), { role: roleLabel(role, lang), name: [name, detail].filter(Boolean).join(' · ') }),
      style: 'body',
      indent: 1,
    });
    const members = [
      ...committee.parents.map((s) => seat(s.role, fullName(directory.parents[s.parentIndex]!), contactLine(directory.parents[s.parentIndex]!))),
      ...committee.staff.map((s) => seat(s.role, fullName(directory.staff[s.staffIndex]!), staffContactLine(directory.staff[s.staffIndex]!, t))),
      ...[...committee.others].sort(compareNames).map((o) => seat(o.role, fullName(o), o.affiliation)),
    ];
    return {
      lines: [
        { text: localized(committee.name, lang), style: 'heading' },
        ...(members.length === 0 ? [{ text: t(k('noMembers')), style: 'detail' as const, indent: 1 }] : members),
      ],
    };
  });
}

/** A part title, kept with the first block of the part (parts follow each other in the columns). */
function part(title: string, blocks: PrintBlock[], empty: string): PrintBlock[] {
  const [first, ...rest] = blocks.length > 0 ? blocks : [{ lines: [{ text: empty, style: 'detail' as const }] }];
  return [{ lines: [{ text: title, style: 'part' }, ...first!.lines] }, ...rest];
}

/**
 * The document for one viewer: a title, then classes (teacher, students), families A to Z (children, parents), staff by
 * department and committees. A class scope prints that class and its families only: no other class, no staff
 * list, no committees (their members are not that class's).
 */
export function printLayout(index: DirectoryIndex, options: PrintOptions): PrintDocument {
  const { directory } = index;
  const { t, scope, lang } = options;
  const classes = classesInScope(directory, scope);
  const classSet = new Set(classes);
  const scopeLabel =
    scope.kind === 'school' ? t(k('scopeSchool')) : classes.length ? directory.classes[classes[0]!]!.name : '';
  const blocks = [
    ...part(t(k('classes')), classes.flatMap((c) => classBlocks(index, c, options)), t('directory.empty.noClasses')),
    ...part(t(k('families')), familyBlocks(index, classSet, options), t('directory.empty.noStudents')),
    ...(scope.kind === 'school'
      ? [
          ...part(t(k('staff')), staffBlocks(index, options), t('directory.empty.noStaff')),
          ...part(t(k('committees')), committeeBlocks(index, options), t('directory.empty.noCommittees')),
        ]
      : []),
  ];
  const school = directory.school?.name ?? '';
  return {
    lang,
    paper: options.paper,
    cover: {
      school,
      title: t(k('title')),
      scope: scopeLabel,
      ...(directory.school ? { year: t(k('year'), { year: directory.school.year }) } : {}),
      // Sentences say the long date (« À jour au 26 novembre 2026 »); numbers stay for tables and fields.
      updated: t(k('updated'), { date: formatLongDate(options.day, lang) }),
    },
    blocks,
    // A very long name is shortened so the footer's date stays on its one line (print-render.ts footerFit).
    footer: t(k('footer'), { name: shortName(options.viewerName), date: formatLongDate(options.day, lang) }),
    pageLabel: (page, pages) => t(k('page'), { page, pages }),
    documentTitle: [t(k('title')), school, scopeLabel].filter(Boolean).join(' · '),
  };
}

/** Every text of the document in reading order (tests, and the PDF's searchable content is exactly this). */
export function printedTexts(document: PrintDocument): string[] {
  const { cover } = document;
  return [cover.school, cover.title, cover.scope, cover.year ?? '', cover.updated, ...document.blocks.flatMap((b) => b.lines.map((l) => l.text))];
}

/** A name of at most 40 characters, shortened with « … » (the footer's date must keep its place). */
const shortName = (name: string): string => (name.length <= 40 ? name : `${name.slice(0, 39).trimEnd()}…`);
