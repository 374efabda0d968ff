import { vi } from 'vitest';
import { writeCsv } from '@shared/format/csv';
import type { ImportIssue } from '@shared/contracts/import-api';
import type { DirectoryData } from '../../lambdas/directory/directory-items';
import { defaultSettings } from '../../lambdas/admin/import/default-settings';
import { planAgainst } from '../../lambdas/admin/import/import-service';

/** Fixtures of the import planning tests (not a test file: vitest only collects *.test.ts). */

export const NOW = new Date('2025-09-02T12:00:00.000Z');
export const AT = NOW.toISOString();
export const settings = defaultSettings(NOW, 'École des Érables');
export const emptyDirectory = (): DirectoryData => ({
  classes: [],
  students: [],
  parents: [],
  staff: [],
  committees: [],
  families: [],
  memberships: [],
});

/** Plans name their table in every write item; nothing is written by these tests. */
export function stubTable(): void {
  vi.stubEnv('TABLE_NAME', 'unit-test');
}

export function csv(rows: string[][], separator: ',' | ';' = ';') {
  return writeCsv(rows, { separator });
}

export async function dryRun(
  files: Record<string, string>,
  data = emptyDirectory(),
  registry = new Map<string, string>(),
  current: typeof settings | null = settings,
) {
  const list = Object.entries(files).map(([name, text]) => ({ name, text }));
  return planAgainst(list, { data, settings: current ?? undefined, readRegistry: async () => registry }, { now: NOW });
}

export const where = (issues: ImportIssue[]) => issues.map((i) => [i.file, i.line, i.column ?? null, i.code, i.params ?? {}]);

export const CLASSES = [
  ['Code', 'Nom', 'Niveaux', 'Enseignant(e)'],
  ['A', 'Classe A', '1re année|2e année', 'E1'],
  ['B', 'Classe B', 'G3|G4', ''],
];
export const STAFF = [
  ['Clé', 'Prénom', 'Nom', 'Courriel', 'Service', 'Titre (français)'],
  ['E1', 'Isabelle', 'Tremblay', 'isabelle@ecole.example', 'Enseignement', 'Enseignante'],
];
export const PARENTS = [
  ['Clé', 'Prénom', 'Nom', 'Courriel', 'Téléphone', 'Adresse', 'Ville', 'Code postal', 'Participation au bottin'],
  ['P1', 'Marie-Ève', 'Côté', 'Marie-Eve.Cote@Courriel.example', '(514) 555-0123', '12, rue des Érables', 'Montréal', 'h2h1y4', 'Complète'],
  ['', 'Jean', "D'Amours", 'jean@courriel.example', '', '', '', '', ''],
];
export const STUDENTS = [
  ['Clé', 'Prénom', 'Nom', 'Niveau', 'Classe', 'Parent 1', 'Parent 2'],
  ['S1', 'Léa', 'Côté', '1re année', 'A', 'P1', 'jean@courriel.example'],
  ['', 'Noah', "D'Amours", 'Grade 3', 'b', 'JEAN@courriel.example', ''],
];

