import type { WorkspaceParentDecision, WorkspaceStudent } from '@shared/contracts/progression-api';
import { matchesSearch, parseSearchQuery, prepareSearchText } from '@shared/rules/search';

/** The directory's forgiving search (accents, case, hyphens) over a few fields. */
export function matchesText(fields: string[], text: string): boolean {
  return matchesSearch(prepareSearchText(...fields), parseSearchQuery(text));
}

/** Classes every selected student may go to (the bulk assignment's choices); none for an empty selection. */
export function commonCandidates(students: readonly Pick<WorkspaceStudent, 'candidateClassIds'>[]): string[] {
  if (students.length === 0) return [];
  const [first, ...rest] = students;
  return first!.candidateClassIds.filter((id) => rest.every((s) => s.candidateClassIds.includes(id)));
}

export type DecisionReason = 'otherChild' | 'newStudent' | 'noChildLeft';

/** Why the server suggests what it suggests for a leaving student's parent (shown next to the choice). */
export function decisionReason(decision: WorkspaceParentDecision): DecisionReason {
  if (decision.newStudentIds.length > 0) return 'newStudent';
  if (decision.remainingChildIds.length > 0) return 'otherChild';
  return 'noChildLeft';
}

/**
 * The request for a remove/keep choice: picking what the server would suggest anyway drops the override
 * (`default`), so the suggestion keeps following later changes (a sibling added or leaving).
 */
export function decisionRequest(decision: WorkspaceParentDecision, status: 'remove' | 'keep'): 'remove' | 'keep' | 'default' {
  return status === decision.defaultStatus ? 'default' : status;
}
