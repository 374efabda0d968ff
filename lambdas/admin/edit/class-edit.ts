import type { ClassInput, DeleteRequest } from '@shared/contracts/admin-api';
import type { SchoolClass } from '@shared/schemas/school-class';
import { getSettings } from '../../directory/public';
import { newEntityMeta } from '../../directory/public';
import { listEntities } from '../admin-repository';
import {
  changedFields,
  clean,
  commit,
  deleteAt,
  invalid,
  loadAt,
  nextVersion,
  putCreate,
  putUpdate,
  requireConfirmation,
  requireExisting,
  validated,
  type EditContext,
} from './edit-support';
import { normalizeSearchText } from '@shared/rules/search';

/** Classes: code, name, levels hosted, teacher and representatives. */

/**
 * Codes are unique (the import and the students file name classes by code), and so are names, written alike (case,
 * accents and spaces aside): parents tell classes apart by name (a trial renamed « Classe A » « Classe B », and two
 * « Classe B » were listed). Levels come from the settings.
 */
async function checkClass(input: ClassInput, selfId?: string): Promise<void> {
  const [classes, settings] = await Promise.all([listEntities('CLASS'), getSettings()]);
  const code = input.code.trim().toUpperCase();
  if (classes.some((c) => c.id !== selfId && c.code.toUpperCase() === code)) throw invalid('code', 'duplicate');
  const name = normalizeSearchText(input.name);
  if (classes.some((c) => c.id !== selfId && normalizeSearchText(c.name) === name)) throw invalid('name', 'duplicate_name');
  const known = new Set(settings?.levels.map((level) => level.code) ?? []);
  const unknown = input.levels.findIndex((level) => !known.has(level));
  if (unknown >= 0) throw invalid(`levels.${unknown}`, 'unknown_level');
  if (new Set(input.levels).size !== input.levels.length) throw invalid('levels', 'duplicate_level');
  if (input.teacherId) await requireExisting('STAFF', [input.teacherId], 'teacherId');
  await requireExisting('PARENT', input.parentRepresentativeIds, 'parentRepresentativeIds');
  await requireExisting('STUDENT', input.studentRepresentativeIds, 'studentRepresentativeIds');
}

export async function createClass(input: ClassInput, ctx: EditContext): Promise<SchoolClass> {
  await checkClass(input);
  const record = validated('CLASS', clean({ ...newEntityMeta(ctx.now), ...input }));
  await commit(ctx, [putCreate('CLASS', record)], { type: 'CLASS', id: record.id, verb: 'create' });
  return record;
}

export async function updateClass(id: string, input: ClassInput & { version: number }, ctx: EditContext): Promise<SchoolClass> {
  const { version, ...fields } = input;
  const current = await loadAt('CLASS', id, version);
  await checkClass(fields, id);
  const next = nextVersion('CLASS', current, fields, ctx.now);
  await commit(ctx, [putUpdate('CLASS', next, current.version)], {
    type: 'CLASS',
    id,
    verb: 'update',
    fields: changedFields(current, next),
  });
  return next;
}

/**
 * A class with students is not deleted (they would point at nothing): CLASS_NOT_EMPTY with their number, and
 * the admin moves them first.
 */
export async function deleteClass(
  id: string,
  request: DeleteRequest,
  ctx: EditContext,
): Promise<{ studentCount: number }> {
  requireConfirmation(request.confirm);
  const current = await loadAt('CLASS', id, request.version);
  const studentCount = (await listEntities('STUDENT')).filter((student) => student.classId === id).length;
  if (studentCount > 0) return { studentCount };
  await commit(ctx, [deleteAt('CLASS', current)], { type: 'CLASS', id, verb: 'delete' });
  return { studentCount: 0 };
}
