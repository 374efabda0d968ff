import { levelLabel, levelsLabel } from '@shared/format/levels';
import type { ProgressionReview, ReviewName, WorkspaceClass } from '@shared/contracts/progression-api';
import type { Language, Level } from '@shared/schemas/common';
import { compareNames, fullName } from '../../../lib/directory/names';
import { frenchCompare } from '@shared/format/collation';

/**
 * The review step's content, built from GET …/review (the server's complete diff) without translating: the
 * component turns section keys and tags into sentences. Pure, so the whole summary is unit-tested.
 */

export interface Labels {
  levels: readonly Level[];
  classes: readonly WorkspaceClass[];
  lang: Language;
}

/** `Classe E (3e-4e)`; an unknown id (a class deleted meanwhile) shows as a dash rather than an id. */
export function classLabel(labels: Labels, classId: string | undefined): string {
  const found = classId ? labels.classes.find((c) => c.id === classId) : undefined;
  return found ? `${found.name} (${levelsLabel(labels.levels, found.levels, labels.lang)})` : '—';
}

/** `3e année · Classe E (3e-4e)`. */
export function placement(labels: Labels, level: string | undefined, classId: string | undefined): string {
  const levelText = level ? levelLabel(labels.levels, level, labels.lang) : '—';
  return classId ? `${levelText} · ${classLabel(labels, classId)}` : levelText;
}

export type SummaryTag = 'overridden' | 'noEmail' | 'lockedByNewStudent' | 'newParent' | 'existingParent';

export interface SummaryItem {
  id: string;
  name: string;
  from?: string;
  to?: string;
  reason?: string;
  email?: string;
  tags: SummaryTag[];
  /** Classes: how many representatives they lose. */
  count?: number;
  /** Arrivals: their parents, each new or existing. */
  parents?: { name: string; tag: SummaryTag }[];
}

export type SectionKey =
  | 'missingAssignments'
  | 'changeClass'
  | 'stayInClass'
  | 'arrivals'
  | 'newParents'
  | 'departures'
  | 'graduations'
  | 'parentsRemoved'
  | 'parentsKept'
  | 'representatives'
  | 'withoutParent';

export interface SummarySection {
  key: SectionKey;
  items: SummaryItem[];
}

const byName = <T extends ReviewName>(list: readonly T[]): T[] => [...list].sort(compareNames);

const tagsOf = (flags: Partial<Record<SummaryTag, boolean>>): SummaryTag[] =>
  (Object.keys(flags) as SummaryTag[]).filter((tag) => flags[tag]);

/** Who stays or arrives: missing classes, class changes, students who stay in their class, arrivals, new parents. */
function stayingSections(review: ProgressionReview, labels: Labels): SummarySection[] {
  const moves = byName(review.moves);
  return [
    {
      key: 'missingAssignments',
      items: byName(review.missingAssignments).map((s) => ({
        id: s.studentId,
        name: fullName(s),
        to: placement(labels, s.newLevel, undefined),
        tags: [],
      })),
    },
    {
      key: 'changeClass',
      items: moves
        .filter((m) => m.changesClass)
        .map((m) => ({
          id: m.studentId,
          name: fullName(m),
          from: placement(labels, m.fromLevel, m.fromClassId),
          to: placement(labels, m.toLevel, m.toClassId),
          tags: [],
        })),
    },
    {
      key: 'stayInClass',
      items: moves
        .filter((m) => !m.changesClass)
        .map((m) => ({
          id: m.studentId,
          name: fullName(m),
          from: placement(labels, m.fromLevel, m.fromClassId),
          to: placement(labels, m.toLevel, m.toClassId),
          tags: [],
        })),
    },
    {
      key: 'arrivals',
      items: byName(review.arrivals).map((a) => ({
        id: a.newStudentId,
        name: fullName(a),
        to: placement(labels, a.level, a.classId),
        tags: [],
        parents: a.parents.map((p) => ({ name: fullName(p), tag: p.mode === 'new' ? 'newParent' : 'existingParent' })),
      })),
    },
    {
      key: 'newParents',
      items: byName(review.newParents).map((p) => ({
        id: p.parentId,
        name: fullName(p),
        ...(p.email ? { email: p.email } : {}),
        tags: tagsOf({ noEmail: !p.email }),
      })),
    },
  ];
}

/** Who leaves: departures, graduations, parents removed or kept, classes losing representatives, orphans. */
function leavingSections(review: ProgressionReview, labels: Labels): SummarySection[] {
  const studentNames = new Map(review.moves.map((m) => [m.studentId, fullName(m)]));
  return [
    {
      key: 'departures',
      items: byName(review.departures).map((d) => ({
        id: d.studentId,
        name: fullName(d),
        from: placement(labels, d.level, d.classId),
        ...(d.reason ? { reason: d.reason } : {}),
        tags: [],
      })),
    },
    {
      key: 'graduations',
      items: byName(review.graduations).map((g) => ({
        id: g.studentId,
        name: fullName(g),
        from: placement(labels, g.level, g.classId),
        tags: [],
      })),
    },
    {
      key: 'parentsRemoved',
      items: byName(review.parentsRemoved).map((p) => ({
        id: p.parentId,
        name: fullName(p),
        tags: tagsOf({ overridden: p.overridden, noEmail: !p.hasEmail }),
      })),
    },
    {
      key: 'parentsKept',
      items: byName(review.parentsKept).map((p) => ({
        id: p.parentId,
        name: fullName(p),
        tags: tagsOf({ overridden: p.overridden, lockedByNewStudent: p.lockedByNewStudent }),
      })),
    },
    {
      key: 'representatives',
      items: review.classChanges
        .filter((c) => c.parentRepresentativesRemoved.length + c.studentRepresentativesRemoved.length > 0)
        .map((c) => ({
          id: c.classId,
          name: classLabel(labels, c.classId),
          count: c.parentRepresentativesRemoved.length + c.studentRepresentativesRemoved.length,
          tags: [],
        })),
    },
    {
      key: 'withoutParent',
      items: review.studentsWithoutParent
        .map((id) => ({ id, name: studentNames.get(id) ?? '—', tags: [] as SummaryTag[] }))
        .sort((a, b) => frenchCompare(a.name, b.name)),
    },
  ];
}

/** Every section, in reading order, empty ones included (the component says "none" for them). */
export function buildReviewSummary(review: ProgressionReview, labels: Labels): SummarySection[] {
  return [...stayingSections(review, labels), ...leavingSections(review, labels)];
}
