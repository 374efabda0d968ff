import type { VCardPerson } from '@shared/format/vcard';
import { ofName } from '@shared/format/french';
import { visibleStaffContact } from '@shared/rules/visibility';
import type { Language } from '@shared/schemas/common';
import type { DirectoryIndex } from './directory-index';
import { summarizeStudent, type StudentSummary } from './student-info';
import type { DirectoryParent, DirectoryStaff } from '@shared/contracts/directory-api';

/**
 * "Add to contacts" (docs/decisions/contacts-vcard-3-0-written-by-hand-read-back-by-ical-js.md, "Contacts: vCard 3.0 written by hand"): cards built from the directory
 * response, which holds only what this viewer may see (shared/rules/visibility.ts), so a card never carries more.
 */

/**
 * A staff member's classes as a labelled list, « Classes enseignées : 3A, Classe D » / "Classes taught: 3A, Classe D":
 * a school names its classes as it likes (« 3A », « Classe D », « Groupe 301 »), and a sentence (« Enseigne à 3A »)
 * read « Enseigne à Classe D ». A parent's note is "Parent de Zoé", "Parent d'Arnaud" (`ofName` elides).
 */
const TAUGHT = {
  fr: (n: number) => (n === 1 ? 'Classe enseignée\u00a0:' : 'Classes enseignées\u00a0:'),
  en: (n: number) => (n === 1 ? 'Class taught:' : 'Classes taught:'),
} as const;

/** A parent's card: the contact details the viewer received, the school, and their children with their classes. */
export function parentCard(parent: DirectoryParent, children: readonly StudentSummary[], school: string | undefined, lang: Language): VCardPerson {
  const names = children.map((child) => (child.className ? `${child.name} (${child.className})` : child.name));
  return {
    firstName: parent.firstName,
    lastName: parent.lastName,
    ...(parent.email ? { email: parent.email } : {}),
    ...(parent.phone ? { phone: parent.phone } : {}),
    ...(parent.address ? { address: parent.address } : {}),
    ...(school ? { organisation: school } : {}),
    ...(names.length > 0 ? { note: `Parent ${ofName(names.join(', '), lang)}` } : {}),
  };
}

/**
 * A staff member's card: their title in the viewer's language, the classes they teach, and the extension the staff
 * page shows, with the phone only (both as the directory response holds them).
 */
export function staffCard(
  staff: { member: DirectoryStaff; title: string; classes: readonly string[] },
  school: string | undefined,
  lang: Language,
): VCardPerson {
  const { member } = staff;
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    // What shows is visibleStaffContact's, as on the staff page and in the printable directory (a vCard carries an
    // extension only on a number: shared/format/vcard.ts).
    ...visibleStaffContact(member),
    ...(school ? { organisation: school } : {}),
    title: staff.title,
    ...(staff.classes.length > 0 ? { note: `${TAUGHT[lang](staff.classes.length)} ${staff.classes.join(', ')}` } : {}),
  };
}

/** The parents of a class's students, each once, by name. */
export function classParentCards(index: DirectoryIndex, classIndex: number, lang: Language): VCardPerson[] {
  const parents = new Set(index.studentsByClass[classIndex]!.flatMap((s) => index.parentsOfStudent[s]!));
  const children = (p: number) => index.directory.parents[p]!.childIndexes.map((c) => summarizeStudent(index, c, lang));
  const school = index.directory.school?.name;
  return index.parentsByName
    .filter((p) => parents.has(p))
    .map((p) => parentCard(index.directory.parents[p]!, children(p), school, lang));
}
