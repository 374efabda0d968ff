import type { DirectoryIndex } from './directory-index';

/**
 * « Écrire avec ma messagerie » on a class (docs/messages.md, "Your own mail program"): a mailto: link with, in Bcc,
 * the addresses of the class's parents that this viewer already sees. The directory response holds only what the
 * visibility rule shows this viewer (shared/rules/visibility.ts), so a hidden address is never in it, nor here.
 */

/** Above this many addresses the link is not offered: mail programs and servers refuse or flag long Bcc lists. */
export const CLASS_MAILTO_MAX = 50;

export interface MailtoViewer {
  /** The directory ids of the viewer's records (GET /api/me `personIds`). */
  personIds: readonly string[];
  email?: string;
  isAdmin: boolean;
}

export type ClassMailto =
  | { kind: 'offered'; href: string; count: number }
  | { kind: 'noAddress' }
  | { kind: 'tooMany'; count: number }
  /** Not a parent of the class, nor staff, nor an administrator: nothing is shown. */
  | { kind: 'notForViewer' };

/** The class's parents, each once (index order). */
const parentsOfClass = (index: DirectoryIndex, classIndex: number) =>
  [...new Set((index.studentsByClass[classIndex] ?? []).flatMap((s) => index.parentsOfStudent[s] ?? []))];

/** Who is offered the link: a parent of a child of the class, a staff member, an administrator. */
function mayWrite(index: DirectoryIndex, parents: readonly number[], viewer: MailtoViewer): boolean {
  if (viewer.isAdmin) return true;
  const mine = new Set(viewer.personIds);
  return index.directory.staff.some((s) => mine.has(s.id)) || parents.some((p) => mine.has(index.directory.parents[p]!.id));
}

export function classMailto(index: DirectoryIndex, classIndex: number, viewer: MailtoViewer): ClassMailto {
  const parents = parentsOfClass(index, classIndex);
  if (!mayWrite(index, parents, viewer)) return { kind: 'notForViewer' };
  const own = viewer.email?.toLowerCase();
  const addresses = [
    ...new Set(parents.flatMap((p) => index.directory.parents[p]!.email ?? []).map((e) => e.toLowerCase()).filter((e) => e !== own)),
  ];
  if (addresses.length === 0) return { kind: 'noAddress' };
  if (addresses.length > CLASS_MAILTO_MAX) return { kind: 'tooMany', count: addresses.length };
  // RFC 6068: the addresses separated by commas, each percent-encoded (an address may hold '+' or '&').
  return { kind: 'offered', href: `mailto:?bcc=${addresses.map(encodeURIComponent).join(',')}`, count: addresses.length };
}
