/**
 * The HTML shell of every email the app sends (Cognito account emails, annual-update links). Mail clients
 * ignore <style> blocks and external CSS, so styles are inline and the markup stays simple.
 */
import { escapeHtml } from '@shared/format/html';

export type EmailLocale = 'fr' | 'en';

export interface EmailAction {
  label: string;
  /** Already complete; may hold Cognito's code placeholder, which must reach Cognito unencoded. */
  url: string;
}

export interface EmailBody {
  locale: EmailLocale;
  title: string;
  /** Plain-text paragraphs before the button (escaped here). */
  intro: string[];
  action?: EmailAction;
  /** Paragraphs after the button; `html` ones are trusted markup built by the caller from escaped parts. */
  outro: ({ text: string } | { html: string })[];
  footer: string;
}

const P = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933';

export function renderEmail(body: EmailBody): string {
  const paragraph = (inner: string) => `<p style="${P}">${inner}</p>`;
  const parts = [
    `<h1 style="margin:0 0 24px;font-size:22px;color:#0b3d62">${escapeHtml(body.title)}</h1>`,
    ...body.intro.map((text) => paragraph(escapeHtml(text))),
  ];
  if (body.action) {
    parts.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;` +
        `padding:12px 20px;border-radius:6px;background:#0b5cad;color:#ffffff;font-weight:bold;` +
        `text-decoration:none">${escapeHtml(body.action.label)}</a></p>`,
    );
  }
  for (const item of body.outro) parts.push(paragraph('html' in item ? item.html : escapeHtml(item.text)));
  parts.push(`<p style="margin:32px 0 0;font-size:13px;color:#52606d">${escapeHtml(body.footer)}</p>`);
  return (
    `<!DOCTYPE html><html lang="${body.locale}"><head><meta charset="utf-8"><title>${escapeHtml(body.title)}` +
    `</title></head><body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">` +
    `${parts.join('')}</div></body></html>`
  );
}
