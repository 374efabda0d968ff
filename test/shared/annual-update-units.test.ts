import { describe, expect, it } from 'vitest';
import { isDefiniteSendFailure, sendErrorName } from '../../lambdas/common/mailer';
import { updateLinkEmail, type UpdateEmailInput } from '../../lambdas/annual-update/email/update-link-email';
import { reviewRejectedEmail } from '../../lambdas/annual-update/email/review-rejected-email';
import { createThrottle } from '../../lambdas/annual-update/throttle';
import { campaignView, participantViews } from '../../lambdas/annual-update/views';
import type { Campaign } from '@shared/schemas/annual-update';
import { generateSchool } from '../../local/demo/generate-school';

/** Pure parts of the annual update: the email, the throttle, error classification, the admin views. */
const NBSP = '\u00a0';
const email: UpdateEmailInput = {
  locale: 'fr',
  kind: 'invitation',
  firstName: 'Zoé <b>',
  schoolName: 'École primaire des Érables',
  schoolYear: '2025-2026',
  link: 'https://bottin.example.org/update/abc_DEF-123',
  deadline: '2025-10-15',
  linkExpiresOn: '2025-10-20',
  contact: { email: 'secretariat@ecole.example.org', phone: '5145550100' },
};

describe('update-link email', () => {
  it('is French by default usage: courriel, non-breaking space before colons, numeric dates, the contact', () => {
    const fr = updateLinkEmail(email);
    expect(fr.subject).toBe('Mise à jour annuelle de vos renseignements – École primaire des Érables');
    expect(fr.text).toContain(`Courriel${NBSP}: secretariat@ecole.example.org`);
    expect(fr.text).toContain(`Téléphone${NBSP}: 514 555-0100`);
    expect(fr.text).toContain('au plus tard le 15 octobre 2025');
    expect(fr.text).toContain("jusqu'au 20 octobre 2025");
    expect(fr.text).toContain(email.link);
    // Every colon that ends a label has a non-breaking space before it; no space before a question mark.
    expect(fr.text).not.toMatch(/[^\u00a0]:\s/);
    expect(fr.text).not.toMatch(/\s\?/);
    expect(fr.text).not.toMatch(/e-mail/i);
    expect(fr.html).toContain(`href="${email.link}"`);
    expect(fr.html).toContain('Zoé &lt;b&gt;');
    expect(fr.html).not.toContain('<b>');
    expect(fr.html).toContain('lang="fr"');
  });

  it('has an English version and a reminder wording in both languages', () => {
    const en = updateLinkEmail({ ...email, locale: 'en' });
    expect(en.subject).toBe('Annual update of your information – École primaire des Érables');
    expect(en.text).toContain('Please answer by October 15, 2025.');
    expect(updateLinkEmail({ ...email, kind: 'reminder' }).subject).toMatch(new RegExp(`^Rappel${NBSP}: `));
    expect(updateLinkEmail({ ...email, locale: 'en', kind: 'reminder' }).subject).toMatch(/^Reminder: /);
  });

  // Staff once read the parents' « coordonnées complètes, coordonnées de base ou nom seulement » (docs/annual-update.md, "Staff").
  it.each([
    ['fr', 'invitation', 'Vous pourrez y vérifier votre titre, votre service et votre poste téléphonique, et choisir si votre courriel paraît dans le bottin.', 'nom seulement'],
    ['fr', 'reminder', 'Vous pourrez y vérifier votre titre, votre service et votre poste téléphonique, et choisir si votre courriel paraît dans le bottin.', 'nom seulement'],
    ['en', 'invitation', 'There you can check your title, department and phone extension, and choose whether the directory shows your email.', 'name only'],
    ['en', 'reminder', 'There you can check your title, department and phone extension, and choose whether the directory shows your email.', 'name only'],
  ] as const)('%s %s to a staff member: says what the staff form offers, not the parents\' choice', (locale, kind, staff, parents) => {
    const mail = updateLinkEmail({ ...email, locale, kind, audience: 'staff' });
    expect(mail.text).toContain(staff);
    // The HTML part escapes the apostrophe (&#39;), which a mail program shows as written.
    expect(mail.html.replaceAll('&#39;', "'")).toContain(staff);
    expect(mail.text).not.toContain(parents);
    expect(updateLinkEmail({ ...email, locale, kind }).text).toContain(parents);
    expect(updateLinkEmail({ ...email, locale, kind, audience: 'parent' }).text).not.toContain(staff);
  });

  // A new user's trial: staff read « Le comité de parents … vous invite », as if the parents invited the school's staff.
  it.each([
    ['fr', "Dans le cadre de la mise à jour annuelle du bottin de l'École primaire des Érables pour l'année scolaire 2025-2026, l'école vous invite à vérifier votre fiche de membre du personnel.", "Le comité de parents de l'École primaire des Érables vous invite"],
    ['en', 'As part of the annual update of the École primaire des Érables directory for the 2025-2026 school year, the school invites you to check your staff entry.', 'The parent committee of École primaire des Érables invites you'],
  ] as const)('%s: the school invites a staff member to check their entry; the parent committee invites parents', (locale, staff, parents) => {
    const mail = updateLinkEmail({ ...email, locale, audience: 'staff' });
    expect(mail.text).toContain(staff);
    // The HTML part escapes the apostrophe (&#39;), which a mail program shows as written.
    expect(mail.html.replaceAll('&#39;', "'")).toContain(staff);
    expect(mail.text).not.toContain(parents);
    expect(updateLinkEmail({ ...email, locale }).text).toContain(parents);
  });

  it('falls back to a plain sentence when the school has no contact, and omits a missing deadline', () => {
    const bare = updateLinkEmail({ ...email, deadline: undefined, contact: {} });
    expect(bare.text).toContain("Des questions? Communiquez avec le secrétariat de l'école.");
    expect(bare.text).not.toContain('au plus tard');
  });
});

describe('review rejection email', () => {
  const input = { firstName: 'Zoé', schoolName: 'École des Érables', contact: { email: 'secretariat@ecole.example', phone: '5145550100' } };

  it('names the kinds of information not published in the parent\'s language, in the form\'s order, never a value', () => {
    const fr = reviewRejectedEmail('zoe@test.example', { ...input, locale: 'fr', fields: ['phone', 'address', 'skills'] });
    expect(fr.subject).toBe("Un changement à vos renseignements n'a pas été publié – École des Érables");
    expect(fr.text).toContain('Bonjour Zoé,');
    expect(fr.text).toContain("n'a pas publié le changement suivant\u00a0: téléphone, adresse et compétences.");
    expect(fr.text).toContain('Téléphone\u00a0: 514 555-0100');
    expect(fr.html).toContain('<html lang="fr">');
    const en = reviewRejectedEmail('zoe@test.example', { ...input, locale: 'en', fields: ['address'] });
    expect(en.subject).toBe('A change to your information was not published – École des Érables');
    expect(en.text).toContain('did not publish this change: address. The directory keeps what it showed before.');
    expect(en.text).toContain('Email: secretariat@ecole.example');
    expect(en.html).toContain('<html lang="en">');
  });

  it('says nothing of a contact the school has not set', () => {
    const email = reviewRejectedEmail('zoe@test.example', { ...input, contact: {}, locale: 'en', fields: ['lastName', 'firstName'] });
    expect(email.text).toContain('did not publish this change: last name and first name.');
    expect(email.text).not.toContain('School office:');
  });
});

describe('throttle', () => {
  it('spaces calls one interval apart on a fake clock', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const throttle = createThrottle(4, () => now, async (ms) => {
      waits.push(ms);
      now += ms;
    });
    for (let i = 0; i < 4; i++) await throttle.wait();
    expect(waits).toEqual([250, 250, 250]);
    now += 1_000;
    await throttle.wait();
    expect(waits).toHaveLength(3);
  });
});

describe('send error classification (at most once)', () => {
  it('retries only what SES refused or what never left', () => {
    const ses = (status: number, fault: 'client' | 'server') =>
      Object.assign(new Error('x'), { name: 'MessageRejected', $fault: fault, $metadata: { httpStatusCode: status } });
    expect(isDefiniteSendFailure(ses(400, 'client'))).toBe(true);
    expect(isDefiniteSendFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDefiniteSendFailure(ses(500, 'server'))).toBe(false);
    expect(isDefiniteSendFailure(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(false);
    expect(isDefiniteSendFailure(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
    expect(sendErrorName(new Error('to parent@example.org'))).toBe('Error');
  });
});

describe('admin views', () => {
  const campaign: Campaign = {
    id: '01K3GHJYG074BHHCJEWK8KPGY4',
    schoolYear: '2025-2026',
    status: 'active',
    totalParents: 382,
    unreachable: 15,
    emailsSent: 367,
    formsSubmitted: 120,
    optedOut: 4,
    createdBy: 'sub',
    createdAt: '2025-09-01T12:00:00.000Z',
    version: 2,
  };

  it('reports counts, completed/total and a one-decimal percentage', () => {
    expect(campaignView(campaign, '2025-09-10')).toMatchObject({
      counts: { totalParents: 382, reachable: 367, unreachable: 15, emailsSent: 367, formsSubmitted: 120, optedOut: 4 },
      progress: { completed: 120, total: 382, percentage: 31.4 },
    });
    expect(campaignView({ ...campaign, totalParents: 0, formsSubmitted: 0 }, '2025-09-10').progress.percentage).toBe(0);
  });

  it('shows the automatic reminders and the day of the next one while the campaign is active', () => {
    const planned = { ...campaign, deadline: '2025-10-15', reminderDays: [7, 2], remindersSent: [7] };
    expect(campaignView(planned, '2025-10-09').reminders).toEqual({ days: [7, 2], sent: [7], nextOn: '2025-10-13' });
    expect(campaignView({ ...planned, status: 'completed' }, '2025-10-09').reminders).toEqual({ days: [7, 2], sent: [7] });
    expect(campaignView(campaign, '2025-10-09').reminders).toEqual({ days: [], sent: [] });
  });

  it("lists each participant with the classes of their children, sorted by name, without leaking other fields", () => {
    const school = generateSchool({ seed: 3, families: 8 });
    const participants = school.parents.map((p) => ({ campaignId: campaign.id, parentId: p.id, emailsSent: 0, optedOut: false }));
    const views = participantViews(participants, school);
    expect(views).toHaveLength(school.parents.length);
    for (const view of views) {
      const classIds = new Set(
        school.families
          .filter((f) => f.parentId === view.parentId)
          .map((f) => school.students.find((s) => s.id === f.studentId)!.classId),
      );
      expect(view.classes.map((c) => c.id).sort()).toEqual([...classIds].sort());
      expect(Object.keys(view)).not.toContain('phone');
      expect(Object.keys(view)).not.toContain('address');
    }
    const names = views.map((v) => v.lastName!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
  });
});
