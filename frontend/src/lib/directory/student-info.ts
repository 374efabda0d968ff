import type { Language } from '@shared/schemas/common';
import type { DirectoryIndex } from './directory-index';
import { studentLevelLabel } from './labels';
import { fullName } from './names';

/** A student as the lists print them: name, level, class and homeroom teacher, labels in the UI language. */
export interface StudentSummary {
  index: number;
  name: string;
  level: string;
  /** Absent when the student's class no longer exists. */
  classIndex?: number;
  className?: string;
  classCode?: string;
  teacherName?: string;
}

export function summarizeStudent(index: DirectoryIndex, s: number, lang: Language): StudentSummary {
  const { directory } = index;
  const student = directory.students[s]!;
  const schoolClass = student.classIndex === undefined ? undefined : directory.classes[student.classIndex];
  const teacher = schoolClass?.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
  return {
    index: s,
    name: fullName(student),
    level: studentLevelLabel(directory, student.level, lang),
    ...(schoolClass ? { classIndex: student.classIndex, className: schoolClass.name, classCode: schoolClass.code } : {}),
    ...(teacher ? { teacherName: fullName(teacher) } : {}),
  };
}

/** `1re année · Classe A · Julie Roy`: the parts that are known, in that order. */
export function studentDetails(summary: StudentSummary): string {
  return [summary.level, summary.className, summary.teacherName].filter(Boolean).join(' · ');
}
