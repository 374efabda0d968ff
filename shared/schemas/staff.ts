import * as z from 'zod';
import {
  EmailSchema,
  EntityMetaSchema,
  LanguageSchema,
  LocalizedTextSchema,
  PersonNameSchema,
  PhoneSchema,
  type LocalizedText,
} from './common';
import { InterestsSchema } from './interests';

/** Staff departments (groups) of a Québec primary school, in the order the staff directory lists them. */
export const STAFF_DEPARTMENTS = {
  direction: { fr: 'Direction', en: 'Management' },
  administration: { fr: 'Administration', en: 'Administration' },
  teaching: { fr: 'Enseignement', en: 'Teaching' },
  specialists: { fr: 'Spécialistes', en: 'Specialists' },
  professionals: { fr: 'Services professionnels', en: 'Professional services' },
  daycare: { fr: 'Service de garde', en: 'Daycare' },
  support: { fr: 'Personnel de soutien', en: 'Support staff' },
} as const satisfies Record<string, LocalizedText>;

export type StaffDepartment = keyof typeof STAFF_DEPARTMENTS;
export const STAFF_DEPARTMENT_CODES = Object.keys(STAFF_DEPARTMENTS) as StaffDepartment[];
export const StaffDepartmentSchema = z.enum(STAFF_DEPARTMENT_CODES as [StaffDepartment, ...StaffDepartment[]]);

/**
 * A staff member. CE role and hierarchy are not stored here: they come from the membership in the `ce`
 * committee (one truth), and classes taught from the classes' `teacherId`.
 */
export const StaffFieldsSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  title: LocalizedTextSchema,
  department: StaffDepartmentSchema,
  interests: InterestsSchema,
  /** The school phone extension (`poste 1234`), digits only; set by the staff member's update link. */
  extension: z.string().regex(/^\d{1,6}$/).optional(),
  /** Whether the email is listed in the directory; absent = shown (shared/rules/visibility.ts, visibleStaff). */
  showEmail: z.boolean().optional(),
  /** The language of the staff member's emails (update links); absent: French. */
  preferredLanguage: LanguageSchema.optional(),
});

export const StaffSchema = EntityMetaSchema.extend(StaffFieldsSchema.shape);
export type Staff = z.infer<typeof StaffSchema>;
