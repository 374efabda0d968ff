import { describe, expect, it } from 'vitest';
import { buildPrivacyNotice, type NoticeInput } from '../../lambdas/privacy/notice-text';
import { PRIVACY_NOTICE_TEXT_VERSION, PrivacyNoticeResponseSchema } from '@shared/contracts/privacy-api';

/** The privacy policy generated from the school's settings (docs/privacy.md). */
const INPUT: NoticeInput = {
  schoolName: 'École des Érables',
  contactEmail: 'cp@ecole.example',
  contactPhone: '5145550100',
  settingsVersion: 4,
  region: 'ca-central-1',
};
const text = (doc: { short: string; sections: { paragraphs: string[] }[] }) =>
  [doc.short, ...doc.sections.flatMap((s) => s.paragraphs)].join('\n');

describe('privacy notice', () => {
  it('gives the same sections in French and English, matching the response contract', () => {
    const notice = PrivacyNoticeResponseSchema.parse(buildPrivacyNotice(INPUT));
    expect(notice.fr.sections.map((s) => s.id)).toEqual(notice.en.sections.map((s) => s.id));
    expect(notice.fr.sections.map((s) => s.id)).toEqual([
      'responsible',
      'collected',
      'purposes',
      'audience',
      'storage',
      'retention',
      'rights',
      'complaints',
    ]);
    expect(notice.fr.title).toBe('Politique de confidentialité');
    expect(notice.en.title).toBe('Privacy policy');
  });

  it('names the school, how to reach the person in charge, and where the data is stored, in each language', () => {
    const { fr, en } = buildPrivacyNotice(INPUT);
    for (const doc of [fr, en]) {
      expect(text(doc)).toContain('École des Érables');
      expect(text(doc)).toContain('cp@ecole.example');
      expect(text(doc)).toContain('514 555-0100');
      expect(text(doc)).toContain("Commission d'accès à l'information");
    }
    expect(text(fr)).toContain('Canada (Centre), à Montréal, au Québec');
    expect(text(en)).toContain('Canada (Central), in Montréal');
    expect(text(fr)).toContain('30 jours');
    expect(text(en)).toContain('30 days');
  });

  it('falls back to the school office and "the school" when the settings say nothing', () => {
    const { fr, en } = buildPrivacyNotice({ schoolName: '', settingsVersion: 0, region: 'ca-west-1' });
    expect(text(fr)).toContain("en passant par le secrétariat de l'école");
    expect(text(en)).toContain('through the school office');
    expect(text(en)).toContain('The directory of the school');
    expect(text(en)).toContain('Canada (West), in Calgary, outside Québec');
    expect(text(en)).not.toContain('undefined');
    expect(text(fr)).not.toContain('undefined');
  });

  it('changes its version with the wording or the settings, and only then', () => {
    const a = buildPrivacyNotice(INPUT);
    expect(a.version).toBe(`${PRIVACY_NOTICE_TEXT_VERSION}.s4`);
    expect(buildPrivacyNotice(INPUT)).toEqual(a);
    expect(buildPrivacyNotice({ ...INPUT, settingsVersion: 5 }).version).not.toBe(a.version);
  });
});
