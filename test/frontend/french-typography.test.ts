import { describe, expect, it } from 'vitest';
import fr from '../../frontend/src/i18n/fr.json';
import { IMPORT_ISSUE_MESSAGES } from '@shared/rules/import-issues';
import { INCIDENT_COLUMNS } from '@shared/contracts/privacy-incidents-api';
import { buildPrivacyNotice } from '../../lambdas/privacy/notice-text';
import { FRENCH_TYPOGRAPHY_RULES as RULES } from './french-typography-rules';

/**
 * The French interface follows Québec typography (../shared/design/DOMAIN.md, "Formats"): a non-breaking space
 * before ":", "%" and "$" (a line never starts with them), none before "?", "!" and ";", and non-breaking spaces
 * inside « guillemets » and between a number's thousands (the email templates in lambdas write them the same way), and the straight apostrophe '
 * throughout.
 */
type Tree = { [key: string]: string | Tree };

function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`),
  );
}

const FR = strings(fr as Tree);

describe('French typography of the interface (fr.json)', () => {
  it('reads several hundred strings (a moved file is noticed)', () => {
    expect(FR.length).toBeGreaterThan(500);
  });

  for (const [fix, pattern] of RULES) {
    it(fix, () => {
      const offenders = FR.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${JSON.stringify(text)}`);
      expect(offenders).toEqual([]);
    });
  }
});

/**
 * French the server writes for screens, beside the interface's strings: the import's messages, the privacy policy
 * (shown on /confidentialite) and the incident register's column names. A trial saw « n’est » in an import error
 * under « rien n'est écrit », and « champs d’intérêt » next to « l'École » in the policy.
 */
describe('French typography of the texts the server writes for screens', () => {
  const notice = buildPrivacyNotice({ schoolName: "École de l'Érablière", contactEmail: 'a@b.example', contactPhone: '5145550100', settingsVersion: 1, region: 'ca-central-1' });
  const TEXTS: [string, string][] = [
    ...Object.entries(IMPORT_ISSUE_MESSAGES).map(([code, m]): [string, string] => [`import ${code}`, m.fr]),
    ['policy title', notice.fr.title],
    ['policy short notice', notice.fr.short],
    ...notice.fr.sections.flatMap((section): [string, string][] => [
      [`policy ${section.id}`, section.heading],
      ...section.paragraphs.map((p, i): [string, string] => [`policy ${section.id} ${i + 1}`, p]),
    ]),
    ...INCIDENT_COLUMNS.map((c): [string, string] => [`incident column ${c.field}`, c.fr]),
  ];

  it('reads the policy, the import messages and the register columns', () => {
    expect(TEXTS.filter(([key]) => key.startsWith('policy')).length).toBeGreaterThan(10);
    expect(TEXTS.length).toBeGreaterThan(60);
  });

  it("the straight apostrophe ', not ’ (as the interface writes it)", () => {
    expect(TEXTS.filter(([, text]) => text.includes('’')).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
