import type { DirectoryResponse } from '../contracts/directory-api';
import type { Neighbour } from '../contracts/carpool-api';
import { normalizePostalCode } from '../format/postal-code';
import { frenchCompare } from '@shared/format/collation';

/**
 * Families near me (docs/messages.md, "Families near me"). Who is near is the forward sortation area (FSA): the
 * first three characters of a Canadian postal code, a district of a few thousand homes. Nothing else locates a
 * family: no map, no geocoding, no distance.
 */

/** The FSA of a postal code as typed or stored (`h2x 1y4` -> `H2X`), or undefined when it is not one. */
export function fsaOf(postalCode: string | undefined): string | undefined {
  return postalCode === undefined ? undefined : normalizePostalCode(postalCode)?.slice(0, 3);
}

/** What the rule reads of a stored parent: the address it locates by and the safety restriction it respects. */
export interface NeighbourCandidate {
  id: string;
  address?: { postalCode: string };
  safetyRestriction?: { hiddenFrom: readonly string[] };
}

export interface NeighbourInput {
  /** The stored parents (their real postal codes, whatever others may see of their address). */
  parents: readonly NeighbourCandidate[];
  /** The directory as this viewer reads it: the visibility rule (shared/rules/visibility.ts) already applied. */
  visible: Pick<DirectoryResponse, 'parents' | 'students' | 'classes'>;
  /** The parents who turned it on. */
  optedIn: ReadonlySet<string>;
  /** The viewer's own parent records. */
  viewerParentIds: ReadonlySet<string>;
}

/**
 * The other opted-in families of the viewer's FSA, for a viewer who opted in; nobody otherwise. Left out: the
 * viewer's own household (a parent sharing a child with them), and anyone a safety restriction separates from
 * the viewer, in either direction. Each neighbour carries only what the directory already shows this viewer, and
 * their children's classes.
 */
export function neighboursOf(input: NeighbourInput): Neighbour[] {
  const { parents, visible, optedIn, viewerParentIds } = input;
  const viewers = parents.filter((p) => viewerParentIds.has(p.id));
  const fsa = viewers.map((p) => fsaOf(p.address?.postalCode)).find((f) => f !== undefined);
  if (!fsa || !viewers.some((p) => optedIn.has(p.id))) return [];
  const hiddenFromViewer = new Set(viewers.flatMap((p) => p.safetyRestriction?.hiddenFrom ?? []));
  const visibleAt = new Map(visible.parents.map((p) => [p.id, p]));
  const viewerChildren = new Set(visible.parents.filter((p) => viewerParentIds.has(p.id)).flatMap((p) => p.childIndexes));
  const near = (p: NeighbourCandidate) =>
    optedIn.has(p.id) &&
    !viewerParentIds.has(p.id) &&
    fsaOf(p.address?.postalCode) === fsa &&
    !hiddenFromViewer.has(p.id) &&
    !(p.safetyRestriction?.hiddenFrom ?? []).some((id) => viewerParentIds.has(id));
  const neighbours: Neighbour[] = [];
  for (const candidate of parents.filter(near)) {
    const shown = visibleAt.get(candidate.id);
    if (!shown || shown.childIndexes.some((s) => viewerChildren.has(s))) continue;
    const { childIndexes, ...contact } = shown;
    const classIndexes = [...new Set(childIndexes.map((s) => visible.students[s]?.classIndex))].filter((c) => c !== undefined);
    const classes = classIndexes.sort((a, b) => a - b).map((c) => visible.classes[c]!).map(({ id, code, name }) => ({ id, code, name }));
    neighbours.push({ ...contact, classes });
  }
  return neighbours.sort((a, b) => frenchCompare(a.lastName, b.lastName) || frenchCompare(a.firstName, b.firstName));
}
