import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportCsvFiles } from '../../lambdas/admin/export-service';
import { defaultSettings } from '../../lambdas/admin/import/default-settings';
import { generateSchool } from '../../local/demo/generate-school';
import type { DirectoryData } from '../../lambdas/directory/directory-items';
import { ParentInputSchema, StaffInputSchema, StudentInputSchema } from '@shared/contracts/admin-api';
import { parseCsv } from '@shared/format/csv';
import { DirectoryParentSchema, DirectoryStaffSchema, DirectoryStudentSchema } from '@shared/contracts/directory-api';
import {
  isExcluded,
  PARENT_FIELDS,
  STAFF_FIELDS,
  STUDENT_FIELDS,
  type FieldRoute,
} from '@shared/schemas/entity-fields';
import { IMPORT_FORMATS, type ImportEntity } from '@shared/rules/import-columns';
import { MyDataChildSchema, MyDataRecordSchema } from '@shared/contracts/my-data-api';
import { EntityMetaSchema } from '@shared/schemas/common';
import { ParentSchema, type Parent } from '@shared/schemas/parent';
import { StaffFieldsSchema, type Staff } from '@shared/schemas/staff';
import { StudentFieldsSchema, type Student } from '@shared/schemas/student';
import {
  visibleParent,
  visibleStaff,
  visibleStudent,
  type ViewerRelation,
} from '@shared/rules/visibility';

/**
 * One entity, one list of where its fields go (shared/schemas/entity-fields.ts): every field of the stored schema is in
 * the list, and every surface (data editor input, import columns, export, my data, directory and its visibility
 * rule) carries exactly the fields the list routes to it. A field added to a schema and forgotten on a surface,
 * or added to a surface and not to the list, fails here (docs/architecture.md, « New field »).
 */

const META = Object.keys(EntityMetaSchema.shape);
const AT = '2025-09-02T12:00:00.000Z';

type Table = Record<string, FieldRoute>;
interface Entity {
  table: Table;
  stored: string[];
  input: string[];
  /** Input keys that are relations, not fields of the record (family links). */
  inputRelations: string[];
  importEntity: ImportEntity;
  /** Columns that are the record's key or its relations. */
  columnRelations: string[];
  directory: string[];
  /** Directory keys the directory computes (ids, positions, committee roles). */
  directoryComputed: string[];
  myData?: string[];
}

const ENTITIES: Record<'parent' | 'student' | 'staff', Entity> = {
  parent: {
    table: PARENT_FIELDS,
    stored: Object.keys(ParentSchema.shape).filter((key) => !META.includes(key)),
    input: Object.keys(ParentInputSchema.shape),
    inputRelations: [],
    importEntity: 'parents',
    columnRelations: ['key'],
    directory: Object.keys(DirectoryParentSchema.shape),
    directoryComputed: ['id', 'childIndexes'],
    myData: Object.keys(MyDataRecordSchema.shape).filter((key) => !META.includes(key)),
  },
  student: {
    table: STUDENT_FIELDS,
    stored: Object.keys(StudentFieldsSchema.shape),
    input: Object.keys(StudentInputSchema.shape),
    inputRelations: ['parentIds'],
    importEntity: 'students',
    columnRelations: ['key', 'parent1', 'parent2', 'parent3', 'parent4'],
    directory: Object.keys(DirectoryStudentSchema.shape),
    directoryComputed: [],
    myData: Object.keys(MyDataChildSchema.shape),
  },
  staff: {
    table: STAFF_FIELDS,
    stored: Object.keys(StaffFieldsSchema.shape),
    input: Object.keys(StaffInputSchema.shape),
    inputRelations: [],
    importEntity: 'staff',
    columnRelations: ['key'],
    directory: Object.keys(DirectoryStaffSchema.shape),
    directoryComputed: ['id', 'classIndexes', 'ceRole', 'ceRank'],
  },
};

const routed = (table: Table, surface: keyof FieldRoute): string[] =>
  Object.values(table).flatMap((route) => {
    const target = route[surface];
    if (isExcluded(target)) return [];
    if (typeof target === 'string') return [target];
    if (Array.isArray(target)) return [...(target as readonly string[])];
    return [(target as { key: string }).key];
  });

describe.each(Object.entries(ENTITIES))('the %s fields', (_name, entity) => {
  it('list every stored field once, and nothing else', () => {
    expect(Object.keys(entity.table).sort()).toEqual([...entity.stored].sort());
  });

  it("reach the data editor's input exactly as listed", () => {
    expect(routed(entity.table, 'input').sort()).toEqual(entity.input.filter((k) => !entity.inputRelations.includes(k)).sort());
  });

  it('have the import and export columns listed, and no column is left unclaimed', () => {
    const columns = IMPORT_FORMATS[entity.importEntity].columns.map((column) => column.field);
    expect(routed(entity.table, 'columns').sort()).toEqual(columns.filter((c) => !entity.columnRelations.includes(c)).sort());
  });

  it("reach the directory's shape exactly as listed", () => {
    const shape = entity.directory.filter((key) => !entity.directoryComputed.includes(key));
    expect(routed(entity.table, 'directory').sort()).toEqual(shape.sort());
  });

  it('reach the my-data download exactly as listed (or give the reason they do not)', () => {
    const listed = routed(entity.table, 'myData');
    if (!entity.myData) {
      expect(listed).toEqual([]);
      return;
    }
    expect(listed.sort()).toEqual([...entity.myData].sort());
  });
});

/**
 * A small demo school in which one record of each kind has every field filled: a parent with a child, adjusted
 * audiences and a safety restriction, that child with a staff note, and a homeroom teacher with every field.
 */
function fullSchool(): { data: DirectoryData; parent: Parent; student: Student; staff: Staff } {
  const school = generateSchool({ families: 6 });
  const base = school.parents.find((p) => p.participation === 'full' && p.email && p.phone && p.address && school.families.some((f) => f.parentId === p.id))!;
  const other = school.parents.find((p) => p.id !== base.id)!;
  const parent: Parent = {
    ...base,
    interests: ['music'],
    skills: 'Couture',
    audiences: { email: 'school', phone: 'classes', address: 'admins', profile: 'school' },
    preferredLanguage: 'en',
    safetyRestriction: { hiddenFrom: [other.id] },
  };
  const studentId = school.families.find((f) => f.parentId === parent.id)!.studentId;
  const student: Student = { ...school.students.find((s) => s.id === studentId)!, staffNote: 'Son grand-père vient la chercher le mercredi.' };
  const teacherId = school.classes.find((c) => c.id === student.classId)!.teacherId!;
  const staff: Staff = {
    ...school.staff.find((m) => m.id === teacherId)!,
    email: 'julie.roy@ecole.example',
    phone: '5145550101',
    interests: ['music'],
    extension: '1234',
    showEmail: true,
    preferredLanguage: 'en',
  };
  const swap = <T extends { id: string }>(list: T[], record: T) => list.map((item) => (item.id === record.id ? record : item));
  const data: DirectoryData = {
    ...school,
    settings: defaultSettings(new Date(AT), 'École des Érables'),
    parents: swap(school.parents, parent),
    students: swap(school.students, student),
    staff: swap(school.staff, staff),
  };
  return { data, parent, student, staff };
}

describe('the export', () => {
  it("writes a value in every column of every field listed for it (a record with every field filled)", () => {
    const { data, parent, student, staff } = fullSchool();
    for (const lang of ['fr', 'en'] as const) {
      const files = exportCsvFiles(data, data.settings, lang);
      for (const entity of Object.values(ENTITIES)) {
        const file = files.find((f) => f.entity === entity.importEntity)!;
        const parsed = parseCsv(file.text);
        if (!parsed.ok) throw new Error(`unreadable export ${file.name}`);
        const [header, ...rows] = parsed.records.map((record) => record.fields);
        const fields = IMPORT_FORMATS[entity.importEntity].columns.map((column) => column.field);
        expect(header).toHaveLength(fields.length);
        // The row of the record with every field, found by its key (first column).
        const record = { parents: parent, students: student, staff }[entity.importEntity as 'parents' | 'students' | 'staff'];
        const row = rows.find((r) => r[0] === (record.importKey ?? record.id))!;
        const empty = routed(entity.table, 'columns').filter((column) => (row[fields.indexOf(column)] ?? '') === '');
        expect({ entity: entity.importEntity, lang, empty }).toEqual({ entity: entity.importEntity, lang, empty: [] });
      }
    }
  });
});

describe('the visibility rule', () => {
  const RELATIONS: ViewerRelation[] = ['self', 'staff', 'sameClass', 'otherClass', 'restricted'];
  const expected = (table: Table, key: string, staffReader: boolean, chosenShown: boolean) => {
    const route = Object.values(table).find((r) => !isExcluded(r.directory) && r.directory.key === key)!;
    const audience = (route.directory as { audience: string }).audience;
    return audience === 'everyone' || (audience === 'staff' && staffReader) || (audience === 'chosen' && chosenShown);
  };

  it("shows a student's fields as listed: the staff note to staff readers only", () => {
    const { student } = fullSchool();
    for (const staff of [true, false]) {
      const shown = visibleStudent(student, { staff }, 0);
      for (const key of routed(STUDENT_FIELDS, 'directory')) {
        expect({ key, staff, shown: key in shown }).toEqual({ key, staff, shown: expected(STUDENT_FIELDS, key, staff, false) });
      }
    }
  });

  it("shows a staff member's fields as listed, the email as the staff member chose", () => {
    const { staff } = fullSchool();
    for (const showEmail of [true, false]) {
      const shown = visibleStaff({ ...staff, showEmail }, { classIndexes: [] });
      for (const key of routed(STAFF_FIELDS, 'directory')) {
        expect({ key, showEmail, shown: key in shown }).toEqual({ key, showEmail, shown: expected(STAFF_FIELDS, key, false, showEmail) });
      }
    }
  });

  it("shows a parent's fields as listed: names to everyone, the rest as the parent's audiences say", () => {
    const { parent } = fullSchool();
    const open = { ...parent, audiences: { email: 'school', phone: 'school', address: 'school', profile: 'school' } } as const;
    const closed = { ...parent, audiences: { email: 'admins', phone: 'admins', address: 'admins', profile: 'admins' } } as const;
    for (const relation of RELATIONS) {
      for (const [choice, record] of [['open', open], ['closed', closed]] as const) {
        const shown = visibleParent(record, relation, []);
        const chosenShown = relation === 'self' || (choice === 'open' && relation !== 'restricted');
        for (const key of routed(PARENT_FIELDS, 'directory')) {
          const want = expected(PARENT_FIELDS, key, relation === 'staff', chosenShown);
          expect({ key, relation, choice, shown: key in shown }).toEqual({ key, relation, choice, shown: want });
        }
      }
    }
  });
});

describe('one visibility rule', () => {
  it("no server code builds a member's view of a parent, student or staff member but shared/rules/visibility.ts", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return files(full);
        return entry.name.endsWith('.ts') ? [full] : [];
      });
    const builders = files('lambdas').filter((file) =>
      /\bDirectory(Parent|Student|Staff)\b|visibleStaffContact/.test(readFileSync(file, 'utf8')),
    );
    expect(builders).toEqual([]);
  });
});
