/** `bottin-ecole-2026-11-26.pdf`, `directory-class-a-2026-11-26.pdf`: ASCII, so every system keeps the name. */
export function pdfFileName(base: string, scope: string, day: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `${[slug(base), slug(scope), day].filter(Boolean).join('-')}.pdf`;
}
