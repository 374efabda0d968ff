import { ulid } from 'ulid';
import { documentClient } from '../common/dynamo';
import { AppError } from '../common/errors';
import type { ProgressionWorkspace } from '@shared/contracts/progression-api';
import type { Progression } from '@shared/schemas/progression';
import type { Db } from './db';
import { buildModel, type ProgressionModel, type SchoolSnapshot } from './model';
import { getProgression, readStaging } from './progression-repository';
import { readSnapshot } from './snapshot';
import { workspaceView } from './views';

/** What the progression's services share: their dependencies and the reads every call starts with. */

export interface ServiceOptions {
  db?: Db;
  now?: () => Date;
  newId?: () => string;
}

export interface Ctx {
  db: Db;
  now: () => Date;
  newId: () => string;
}

export const ctxOf = (options: ServiceOptions): Ctx => ({
  db: options.db ?? documentClient(),
  now: options.now ?? (() => new Date()),
  newId: options.newId ?? (() => ulid()),
});

export const invalid = (fields: { path: string; issue: string }[]) => new AppError('VALIDATION_FAILED', fields);
export const OPEN_PHASES = new Set(['analysis', 'review']);

export function nextSchoolYear(year: string): string {
  const end = Number(year.slice(5));
  return `${end}-${end + 1}`;
}

export async function load(ctx: Ctx, id: string, phases?: readonly Progression['phase'][]): Promise<Progression> {
  const progression = await getProgression(ctx.db, id);
  if (!progression) throw new AppError('NOT_FOUND');
  if (phases && !phases.includes(progression.phase)) throw new AppError('WRONG_PHASE');
  return progression;
}

export async function loadModel(ctx: Ctx, id: string): Promise<ProgressionModel> {
  const [{ snapshot }, staging] = await Promise.all([readSnapshot(ctx.db), readStaging(ctx.db, id)]);
  return buildModel(snapshot, staging);
}

/**
 * The workspace as stored now. Staging calls pass the directory snapshot they validated against: staging never
 * changes the directory, so only the header and the staged rows are read again.
 */
export async function workspace(ctx: Ctx, id: string, snapshot?: SchoolSnapshot): Promise<ProgressionWorkspace> {
  const [progression, directory, staging] = await Promise.all([
    load(ctx, id, ['analysis', 'review']),
    snapshot ?? readSnapshot(ctx.db).then((read) => read.snapshot),
    readStaging(ctx.db, id),
  ]);
  return workspaceView(progression, buildModel(directory, staging));
}

