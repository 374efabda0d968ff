import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { printFontBytes } from '../../frontend/build/font-files';
import type { AdminDirectory } from '../../frontend/src/features/admin-data/api/admin-data-client';
import { serverFieldErrors, studentValues, validateRecord } from '../../frontend/src/features/admin-data/model/entity-edit';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { offlineDirectory } from '../../frontend/src/lib/directory/offline-directory';
import { printLayout } from '../../frontend/src/lib/directory-pdf/print-layout';
import { renderPrintDocument } from '../../frontend/src/lib/directory-pdf/print-render';
import { printTranslator } from '../../frontend/src/lib/directory-pdf/print-translator';
import { memoryBackend, OfflineCopy } from '../../frontend/src/lib/offline/offline-copy-storage';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import { generateSchool } from '../../local/demo/generate-school';
import { STAFF_NOTE_MAX_LENGTH } from '@shared/schemas/student';

/**
 * A student's staff note on the browser's side (docs/privacy.md, "Who sees what"): the data editor's check and
 * message, the directory as staff and as a parent receive it, and the two copies that leave the screen (the
 * printable directory and the offline copy) without it. The server's side: test/lambdas/student-staff-note.test.ts.
 */
const NOTE = 'Son grand-père vient la chercher le mercredi.';
const school = generateSchool({ families: 12 });
const noted = { ...school, students: school.students.map((s, i) => (i === 0 ? { ...s, staffNote: NOTE } : s)) };
const staffViewer = { parentIds: new Set<string>(), staff: true };
const child = noted.students[0]!;
const ownParent = noted.families.find((f) => f.studentId === child.id)!.parentId;
const parentViewer = { parentIds: new Set([ownParent]), staff: false };

describe('the staff note in the data editor', () => {
  const directory = { ...noted, settings: undefined } as unknown as AdminDirectory;

  it('is read into the form and sent trimmed; a blank note is sent as none', () => {
    const values = studentValues(child, directory);
    expect(values.staffNote).toBe(NOTE);
    const saved = validateRecord('student', { ...values, staffNote: `  ${NOTE}  ` });
    expect(saved.ok && saved.input.staffNote).toBe(NOTE);
    const cleared = validateRecord('student', { ...values, staffNote: '' });
    expect(cleared.ok && JSON.stringify(cleared.input)).not.toContain('staffNote');
  });

  it('over the limit, names the note and its limit in both languages', () => {
    const values = studentValues(child, directory);
    expect(validateRecord('student', { ...values, staffNote: 'x'.repeat(STAFF_NOTE_MAX_LENGTH) }).ok).toBe(true);
    const refused = validateRecord('student', { ...values, staffNote: 'x'.repeat(STAFF_NOTE_MAX_LENGTH + 1) });
    expect(refused).toEqual({ ok: false, errors: { staffNote: 'noteTooLong' } });
    expect(serverFieldErrors([{ path: 'staffNote', issue: 'too_big' }])).toEqual({ staffNote: 'noteTooLong' });
    expect(fr.adminData.form.errors.noteTooLong).toContain(`${STAFF_NOTE_MAX_LENGTH} caractères`);
    expect(en.adminData.form.errors.noteTooLong).toContain(`${STAFF_NOTE_MAX_LENGTH} characters`);
  });
});

describe('the staff note in the directory', () => {
  it('reaches a staff reader on its student, and no parent, not even the child\'s own', () => {
    expect(buildDirectoryResponse(noted, staffViewer).students[0]!.staffNote).toBe(NOTE);
    for (const viewer of [parentViewer, undefined]) {
      expect(JSON.stringify(buildDirectoryResponse(noted, viewer))).not.toContain('staffNote');
    }
  });

  it('is not in the offline copy a staff reader keeps', async () => {
    const backend = memoryBackend();
    let on = false;
    const copy = new OfflineCopy(backend, { get: () => on, set: (next) => void (on = next) });
    await copy.setEnabled(true);
    const answer = buildDirectoryResponse(noted, staffViewer);
    await offlineDirectory(copy).keep('staff-user', answer, 1);
    expect(JSON.stringify(backend.stored())).not.toContain('staffNote');
    // The answer on screen keeps it.
    expect(answer.students[0]!.staffNote).toBe(NOTE);
    const read = await offlineDirectory(copy).read('staff-user');
    expect(read!.data.students[0]).toEqual({ ...answer.students[0], staffNote: undefined });
  });

  it('is not printed in the PDF a staff reader makes', async () => {
    const index = buildDirectoryIndex(buildDirectoryResponse(noted, staffViewer));
    const layout = printLayout(index, {
      scope: { kind: 'school' },
      lang: 'fr',
      paper: 'letter',
      viewerName: 'Julie Roy',
      day: '2026-11-28',
      t: printTranslator('fr'),
    });
    const pdf = await getDocumentProxy(new Uint8Array(await renderPrintDocument(layout, printFontBytes())));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(`${child.firstName} ${child.lastName}`);
    expect(text).not.toContain('grand-père');
  });
});
