import { documentClient } from '../common/dynamo';
import { AppError } from '../common/errors';
import type { ApplyResponse, BackupManifestResponse, BackupPartResponse } from '@shared/contracts/progression-api';
import { getBackupPart } from './apply-repository';
import type { Db } from './db';
import { getProgression } from './progression-repository';
import { summarize } from './views';

/** Reading what an apply stored: its progress, and the export taken before it changed anything. */

async function load(db: Db, id: string) {
  const progression = await getProgression(db, id);
  if (!progression) throw new AppError('NOT_FOUND');
  return progression;
}

export async function applyStatus(id: string, db: Db = documentClient()): Promise<ApplyResponse> {
  const progression = await load(db, id);
  return { progression: summarize(progression), done: progression.phase === 'completed' };
}

/** NOT_FOUND until the apply has taken its backup. */
export async function backupManifest(id: string, db: Db = documentClient()): Promise<BackupManifestResponse> {
  const progression = await load(db, id);
  const backup = progression.apply?.backup;
  if (!backup) throw new AppError('NOT_FOUND');
  return { progressionId: id, fromYear: progression.fromYear, format: 'school-directory-export', formatVersion: 1, ...backup };
}

export async function backupPart(id: string, part: number, db: Db = documentClient()): Promise<BackupPartResponse> {
  const manifest = await backupManifest(id, db);
  if (!Number.isInteger(part) || part < 0 || part >= manifest.parts) throw new AppError('NOT_FOUND');
  const items = await getBackupPart(db, id, part);
  if (!items) throw new AppError('NOT_FOUND');
  return { part, items };
}
