import { describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/format/csv';
import { describeIssue, IMPORT_MAX_BODY_BYTES, columnLetter } from '@shared/contracts/import-api';
import {
  columnForHeader,
  detectEntity,
  entityTitle,
  fileNameOf,
  headerOf,
  IMPORT_ENTITIES,
  IMPORT_FORMATS,
  templateRows,
} from '@shared/rules/import-columns';
import { IMPORT_ISSUE_MESSAGES, formatIssueMessage } from '@shared/rules/import-issues';
import { ambiguousTokens, compactToken, resolveCode, splitList, VALUE_TABLES, ROLE_LABELS } from '@shared/rules/import-values';
import { ROUTES, type RouteDef } from '../../lambdas/routes';

/** The column maps, value labels and messages of the import (shared/import-*.ts). */

describe('import columns', () => {
  it.each(IMPORT_ENTITIES)('%s: no two columns answer to the same header', (entity) => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const column of IMPORT_FORMATS[entity].columns) {
      for (const name of [column.field, column.header.fr, column.header.en, ...(column.aliases ?? [])]) {
        const token = compactToken(name);
        if (owner.has(token) && owner.get(token) !== column.field) clashes.push(`${name} (${owner.get(token)}/${column.field})`);
        owner.set(token, column.field);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('recognises a header in French or English, whatever its case, accents, spaces or punctuation', () => {
    for (const header of ['Code postal', 'CODE POSTAL', 'code_postal', 'Postal code', 'postalCode', ' postal-code ']) {
      expect(columnForHeader('parents', header)?.field).toBe('postalCode');
    }
    expect(columnForHeader('parents', 'Téléphone')?.field).toBe('phone');
    expect(columnForHeader('parents', 'telephone')?.field).toBe('phone');
    expect(columnForHeader('staff', 'Titre (français)')?.field).toBe('titleFr');
    expect(columnForHeader('staff', 'TITLE (ENGLISH)')?.field).toBe('titleEn');
    expect(columnForHeader('students', 'Élève')).toBeUndefined();
    expect(columnForHeader('students', '')).toBeUndefined();
  });

  it('names headers in the admin language', () => {
    expect(headerOf('parents', 'email', 'fr')).toBe('Courriel');
    expect(headerOf('parents', 'email', 'en')).toBe('Email');
    expect(headerOf('parents', 'unknownField', 'en')).toBe('unknownField');
    expect(fileNameOf('students', 'fr')).toBe('eleves.csv');
    expect(fileNameOf('memberships', 'en')).toBe('committee-members.csv');
  });

  it('tells the entity of a file from its name, then from its headers', () => {
    expect(detectEntity('eleves.csv', [])).toBe('students');
    expect(detectEntity('Élèves 2025-2026.CSV', [])).toBe('students');
    expect(detectEntity('membres-comites.csv', [])).toBe('memberships');
    expect(detectEntity('comites.csv', [])).toBe('committees');
    expect(detectEntity('staff (1).csv', [])).toBe('staff');
    expect(detectEntity('Book1.csv', ['Clé', 'Prénom', 'Nom', 'Niveau', 'Classe', 'Parent 1'])).toBe('students');
    expect(detectEntity('export.csv', ['Prénom', 'Nom', 'Courriel', 'Service', 'Titre (français)'])).toBe('staff');
    expect(detectEntity('export.csv', ['Prénom', 'Nom', 'Courriel', 'Adresse', 'Ville'])).toBe('parents');
    // Two entities named, and headers that fit none: no guess.
    expect(detectEntity('parents-eleves.csv', ['a', 'b'])).toBeUndefined();
    expect(detectEntity('data.csv', ['Clé', 'Courriel'])).toBeUndefined();
  });

  it.each(IMPORT_ENTITIES)('%s: the template has every column, in both languages', (entity) => {
    for (const lang of ['fr', 'en'] as const) {
      const [header, example] = templateRows(entity, lang);
      expect(header).toHaveLength(IMPORT_FORMATS[entity].columns.length);
      expect(example).toHaveLength(header!.length);
      expect(header!.map((name) => columnForHeader(entity, name)?.field)).toEqual(
        IMPORT_FORMATS[entity].columns.map((column) => column.field),
      );
      expect(detectEntity(fileNameOf(entity, lang), header!)).toBe(entity);
    }
  });
});

describe('import values', () => {
  it.each(Object.keys(VALUE_TABLES))('%s: codes and labels never read alike', (name) => {
    expect(ambiguousTokens(VALUE_TABLES[name as keyof typeof VALUE_TABLES])).toEqual([]);
  });

  it('reads a value from its code or a label in either language', () => {
    expect(resolveCode(ROLE_LABELS, 'Président(e)')).toBe('chair');
    expect(resolveCode(ROLE_LABELS, 'presidente')).toBe('chair');
    expect(resolveCode(ROLE_LABELS, 'Chair')).toBe('chair');
    expect(resolveCode(ROLE_LABELS, 'coChair')).toBe('coChair');
    expect(resolveCode(VALUE_TABLES.participation, 'nom seulement')).toBe('nameOnly');
    expect(resolveCode(VALUE_TABLES.participation, 'NAME ONLY')).toBe('nameOnly');
    expect(resolveCode(VALUE_TABLES.language, 'anglais')).toBe('en');
    expect(resolveCode(VALUE_TABLES.interest, 'Jeux de société et échecs')).toBe('boardGames');
    expect(resolveCode(VALUE_TABLES.department, 'Service de garde')).toBe('daycare');
    expect(resolveCode(ROLE_LABELS, 'présidente du conseil')).toBeUndefined();
  });

  it('splits list cells on |, ; and , and drops blanks', () => {
    expect(splitList('Lecture | Musique;;Cuisine, ')).toEqual(['Lecture', 'Musique', 'Cuisine']);
    expect(splitList('')).toEqual([]);
  });
});

describe('what each file holds', () => {
  it('is a capitalised title on its own, and lowercase in the middle of a sentence', () => {
    expect(IMPORT_ENTITIES.map((entity) => entityTitle(entity, 'fr'))).toEqual([
      "Paramètres de l'école",
      'Classes',
      'Membres du personnel',
      'Parents',
      'Élèves',
      'Comités',
      'Membres de comités',
    ]);
    expect(entityTitle('staff', 'en')).toBe('Staff members');
    expect(entityTitle('school', 'en')).toBe('School settings');
    expect(describeIssue({ file: 'a.csv', line: 0, code: 'DUPLICATE_FILE', params: { entity: 'staff' } }, 'en')).toBe(
      'a.csv: Two files hold staff members: remove the one you do not need (✕), or put their rows in one file.',
    );
  });
});

describe('import messages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(Object.keys(IMPORT_ISSUE_MESSAGES))('%s has French and English texts with the same placeholders', (code) => {
    const { fr, en } = IMPORT_ISSUE_MESSAGES[code as keyof typeof IMPORT_ISSUE_MESSAGES];
    expect(fr.length).toBeGreaterThan(0);
    expect(placeholders(fr)).toEqual(placeholders(en));
    expect(fr).not.toMatch(/e-?mail/i);
  });

  it('places an issue by file, line and column, with the header in the admin language', () => {
    const issue = {
      file: 'parents.csv',
      entity: 'parents' as const,
      line: 12,
      column: 4,
      header: 'Courriel',
      field: 'email',
      code: 'INVALID_EMAIL' as const,
      params: { value: 'marie@' },
    };
    expect(describeIssue(issue, 'fr')).toBe('parents.csv, ligne 12, colonne D (Courriel)\u00a0: Courriel invalide\u00a0: «\u00a0marie@\u00a0».');
    expect(describeIssue(issue, 'en')).toBe('parents.csv, line 12, column D (Courriel): Invalid email: "marie@".');
    const missing = { file: 'eleves.csv', entity: 'students' as const, line: 1, field: 'class', code: 'MISSING_COLUMN' as const };
    expect(describeIssue(missing, 'en')).toBe('eleves.csv, line 1: Required column missing: Class.');
    expect(formatIssueMessage('TOO_MANY_ROWS', {}, 'en')).toBe('Too many rows (at most {max}).');
  });

  it('lists the values a column of choices accepts, in the reader\'s language', () => {
    const issue = {
      file: 'parents.csv', entity: 'parents' as const, line: 4, column: 9, header: 'Participation', field: 'participation',
      code: 'INVALID_CHOICE' as const, params: { value: 'Partielle', allowed: 'participation' },
    };
    expect(describeIssue(issue, 'fr')).toBe(
      'parents.csv, ligne 4, colonne I (Participation)\u00a0: Participation au bottin\u00a0: valeur «\u00a0Partielle\u00a0» inconnue (valeurs acceptées\u00a0: Complète, Limitée, Nom seulement).',
    );
    expect(describeIssue(issue, 'en')).toBe(
      'parents.csv, line 4, column I (Participation): Directory participation: unknown value "Partielle" (accepted values: Full, Limited, Name only).',
    );
  });

  it('writes quantities as each language does, and leaves line numbers bare', () => {
    expect(formatIssueMessage('TOO_LONG', { field: 'Note', max: 1000 }, 'fr')).toBe('Note\u00a0: au plus 1\u00a0000 caractères.');
    expect(formatIssueMessage('TOO_LONG', { field: 'Note', max: 1000 }, 'en')).toBe('Note: at most 1,000 characters.');
    expect(formatIssueMessage('TOO_MANY_ROWS', { max: 20000 }, 'fr')).toBe('Trop de lignes (maximum 20\u00a0000).');
    expect(formatIssueMessage('DUPLICATE_KEY', { key: 'P-1', line: 1234 }, 'fr')).toContain('ligne 1234.');
    // A count of one reads as well as any other (« 1 classes ou élèves » once).
    expect(formatIssueMessage('LEVEL_IN_USE', { value: 'G1', count: 1 }, 'fr')).toBe("Le niveau «\u00a0G1\u00a0» manque dans ce fichier, mais des classes ou des élèves l'utilisent encore (1).");
    expect(formatIssueMessage('LEVEL_IN_USE', { value: 'G1', count: 1 }, 'en')).toBe('Level "G1" is missing from this file, but classes or students still use it (1).');
  });

  it('never makes a column name the bare subject of a French sentence, which no article would fit', () => {
    // "Prénom est obligatoire" is not French ("Le prénom…" would be, but the article depends on the header): the
    // header follows a colon, or "la colonne".
    const bare = Object.entries(IMPORT_ISSUE_MESSAGES).filter(([, { fr }]) => /(?<!colonne )\{field\} \p{L}/u.test(fr));
    expect(bare.map(([code]) => code)).toEqual([]);
    const required = { file: 'parents.csv', entity: 'parents' as const, line: 3, column: 2, header: 'Prénom', field: 'firstName', code: 'REQUIRED' as const };
    expect(describeIssue(required, 'fr')).toBe('parents.csv, ligne 3, colonne B (Prénom)\u00a0: Valeur obligatoire manquante\u00a0: Prénom.');
    expect(describeIssue(required, 'en')).toBe('parents.csv, line 3, column B (Prénom): First name is required.');
  });

  it('names columns like a spreadsheet', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('import routes', () => {
  it('accept bodies up to the documented import limit', () => {
    const routes = (ROUTES as readonly RouteDef[]).filter((route) => route.path.startsWith('/api/admin/import/'));
    const posts = routes.filter((route) => route.method === 'POST');
    expect(posts.map((route) => route.name).sort()).toEqual(['importApply', 'importDryRun']);
    for (const route of posts) expect(route.maxBodyBytes).toBe(IMPORT_MAX_BODY_BYTES);
  });

  it('parse their own templates back', () => {
    for (const entity of IMPORT_ENTITIES) {
      const text = templateRows(entity, 'fr').map((row) => row.join(';')).join('\n');
      const parsed = parseCsv(text);
      expect(parsed.ok && parsed.separator).toBe(';');
    }
  });
});
