import type { ProgressionWorkspace } from '@shared/contracts/progression-api';

export interface NextYearClass {
  classId: string;
  students: number;
  /** Half as many again as the average class, and at least five more: worth a second look before applying. */
  crowded: boolean;
}

/**
 * Next year's class sizes as the plan stands (docs/progression.md, "Review"): the students who stay in or are placed
 * in each class, and the new students in theirs; graduates and departures left out. The average is over the classes
 * that will have students. A trial placed a whole grade in one class (52 students beside classes of 9 to 12) and
 * nothing said so before applying.
 */
export function nextYearClassSizes(workspace: Pick<ProgressionWorkspace, 'classes' | 'students' | 'newStudents'>): {
  classes: NextYearClass[];
  average: number;
} {
  const counts = new Map(workspace.classes.map((c) => [c.id, 0]));
  const add = (classId: string | undefined) => {
    if (classId !== undefined && counts.has(classId)) counts.set(classId, counts.get(classId)! + 1);
  };
  for (const s of workspace.students) if (s.outcome !== 'graduates' && !s.departing) add(s.targetClassId);
  for (const n of workspace.newStudents) add(n.student.classId);
  const filled = [...counts.values()].filter((n) => n > 0);
  const average = filled.length === 0 ? 0 : filled.reduce((sum, n) => sum + n, 0) / filled.length;
  return {
    average,
    classes: workspace.classes.map((c) => {
      const students = counts.get(c.id)!;
      return { classId: c.id, students, crowded: students > average * 1.5 && students - average >= 5 };
    }),
  };
}
