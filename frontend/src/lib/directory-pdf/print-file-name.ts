import { fileNameSlug } from '@shared/format/file-name';

/** `bottin-ecole-2026-11-26.pdf`, `directory-class-a-2026-11-26.pdf`: ASCII, so every system keeps the name. */
export function pdfFileName(base: string, scope: string, day: string): string {
  return `${[fileNameSlug(base), fileNameSlug(scope), day].filter(Boolean).join('-')}.pdf`;
}
