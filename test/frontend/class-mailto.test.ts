import { describe, expect, it } from 'vitest';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { CLASS_MAILTO_MAX, classMailto } from '../../frontend/src/lib/directory/class-mailto';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import { generateSchool } from '../../local/demo/generate-school';

/**
 * « Écrire avec ma messagerie » on a class page (docs/messages.md): the Bcc list is built from the directory as the
 * server's visibility rule gives it to this viewer, so an address the viewer cannot see is never in it; the link is
 * offered from 1 to 50 addresses, to a parent of the class, staff or an administrator.
 */
const school = generateSchool({ seed: 5, families: 40 });
const target = school.classes.find((c) => school.students.filter((s) => s.classId === c.id).length >= 3)!;
const studentIds = new Set(school.students.filter((s) => s.classId === target.id).map((s) => s.id));
const classParentIds = [...new Set(school.families.filter((f) => studentIds.has(f.studentId)).map((f) => f.parentId))];
const withEmail = classParentIds.filter((id) => school.parents.find((p) => p.id === id)!.email);
const [viewerId, hiddenId] = withEmail;
const outsiderId = school.parents.find((p) => !classParentIds.includes(p.id))!.id;
// One parent of the class shows their email to administrators only.
const hidden = { email: 'admins', phone: 'admins', address: 'admins', profile: 'admins' } as const;
const withHidden = {
  ...school,
  parents: school.parents.map((p) => (p.id === hiddenId ? { ...p, participation: 'limited' as const, audiences: { ...hidden } } : p)),
};
const emailOf = (id: string) => school.parents.find((p) => p.id === id)!.email!;

function mailtoFor(input: typeof withHidden, viewer: { parentIds: string[]; staff?: boolean; isAdmin?: boolean }) {
  const directory = buildDirectoryResponse(input, { parentIds: new Set(viewer.parentIds), staff: viewer.staff ?? false });
  const index = buildDirectoryIndex(directory);
  const classIndex = directory.classes.findIndex((c) => c.id === target.id);
  const staffIds = viewer.staff ? [directory.staff[0]!.id] : [];
  return classMailto(index, classIndex, { personIds: [...viewer.parentIds, ...staffIds], email: viewer.parentIds[0] && emailOf(viewer.parentIds[0]), isAdmin: viewer.isAdmin ?? false });
}

const bccOf = (href: string) => decodeURIComponent(href.replace(/^mailto:\?bcc=/, '')).split(',');

describe('the class mailto', () => {
  it('a parent of the class gets the addresses they see, in Bcc, without their own and never a hidden one', () => {
    const result = mailtoFor(withHidden, { parentIds: [viewerId!] });
    expect(result.kind).toBe('offered');
    if (result.kind !== 'offered') return;
    const bcc = bccOf(result.href);
    expect(result.href.startsWith('mailto:?bcc=')).toBe(true);
    expect(bcc).toHaveLength(result.count);
    expect(bcc).not.toContain(emailOf(hiddenId!).toLowerCase());
    expect(bcc).not.toContain(emailOf(viewerId!).toLowerCase());
    const others = classParentIds.filter((id) => id !== hiddenId && id !== viewerId).flatMap((id) => school.parents.find((p) => p.id === id)!.email ?? []);
    expect(bcc.length).toBeGreaterThan(0);
    expect(bcc.every((e) => others.map((o) => o.toLowerCase()).includes(e))).toBe(true);
  });

  it('is for a parent of the class, staff and administrators only', () => {
    expect(mailtoFor(withHidden, { parentIds: [outsiderId] }).kind).toBe('notForViewer');
    expect(mailtoFor(withHidden, { parentIds: [], staff: true }).kind).toBe('offered');
    expect(mailtoFor(withHidden, { parentIds: [outsiderId], isAdmin: true }).kind).toBe('offered');
  });

  it('is not offered when the viewer sees no address, nor above 50 addresses', () => {
    const allHidden = { ...school, parents: school.parents.map((p) => (classParentIds.includes(p.id) && p.id !== viewerId ? { ...p, participation: 'limited' as const, audiences: { ...hidden } } : p)) };
    expect(mailtoFor(allHidden, { parentIds: [viewerId!] })).toEqual({ kind: 'noAddress' });
    // 51 families in the class: every parent shows their email to the school.
    const big = generateSchool({ seed: 6, families: 160 });
    const crowd = { ...big, students: big.students.map((s) => ({ ...s, classId: target.id })), classes: [...big.classes.filter((c) => c.id !== target.id), target] };
    const seen = new Set(crowd.parents.filter((p) => p.email).map((p) => p.email!.toLowerCase())).size;
    expect(seen).toBeGreaterThan(CLASS_MAILTO_MAX + 1);
    const over = mailtoFor({ ...crowd, parents: crowd.parents.map((p) => ({ ...p, participation: 'full' as const, audiences: undefined })) }, { parentIds: [], isAdmin: true });
    expect(over.kind).toBe('tooMany');
  });
});
