// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ParticipantsTable, sendPlan } from '../../frontend/src/features/annual-update/components/participants-table';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView, ParticipantView, SendRequest } from '@shared/contracts/annual-update-api';
import { participantRow } from './participant-row';

/**
 * The participants manager's three send buttons ask first (emails cannot be taken back): a dialog says how many
 * people get which email, counted with the server's rule for the mode (lambdas/annual-update/send-job-service.ts)
 * less those the job would skip; Cancel sends nothing, the confirm button sends the request the button made.
 */
const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const row = (n: number, lastName: string, patch: Partial<ParticipantView> = {}): ParticipantView =>
  participantRow({ parentId: ID(n), firstName: `Prénom${n}`, lastName, email: `p${n}@ecole.example`, ...patch });
const EMAILED = { emailSent: true, emailsSent: 1 };
const BOUNCED = { suppression: { reason: 'bounce' as const, at: '2026-09-10T12:00:00.000Z' } };
const NO_EMAIL = participantRow({ parentId: ID(5), firstName: 'Prénom5', lastName: 'Émond', unreachable: true });

const ROWS: ParticipantView[] = [
  row(1, 'Alarie'), // nothing sent yet: an invitation
  row(2, 'Bélanger'), // nothing sent yet: an invitation
  row(3, 'Côté', EMAILED), // emailed, no answer: a reminder
  row(4, 'Dubé', { ...EMAILED, submitted: true }), // answered: no reminder
  NO_EMAIL, // no email: never listed by notSent or remind, skipped when selected
  row(6, 'Fortin', BOUNCED), // nothing sent yet but the address bounced: listed by notSent, skipped
  row(7, 'Gagné', { ...EMAILED, ...BOUNCED }), // emailed, no answer, bounced since: listed by remind, skipped
];

const CAMPAIGN = {
  id: ID(9999), schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: ROWS.length, reachable: ROWS.length - 1 },
  progress: { completed: 1, total: ROWS.length, percentage: 14.3 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;

afterEach(cleanup);

function renderManager(lang: 'fr' | 'en', participants: ParticipantView[] = ROWS) {
  const sends: SendRequest[] = [];
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ParticipantsTable campaign={CAMPAIGN} participants={participants} loading={false} canSend onSend={(request) => sends.push(request)} />
    </I18nextProvider>,
  );
  return sends;
}

const WORDS = {
  fr: { title: "Confirmer l'envoi des courriels", nobody: 'Aucun courriel à envoyer', cancel: 'Annuler', close: 'Fermer' },
  en: { title: 'Confirm sending emails', nobody: 'No emails to send', cancel: 'Cancel', close: 'Close' },
};
const BUTTONS = {
  fr: { selected: /^Envoyer à la sélection/, notSent: "Envoyer à tous ceux qui n'ont rien reçu", remind: "Relancer ceux qui n'ont pas répondu" },
  en: { selected: /^Send to selected/, notSent: 'Send to all not yet sent', remind: 'Remind those who have not answered' },
};

/** The confirmation dialog (the participants' history dialog is in the page too, hidden). */
const dialog = (name: string) => screen.getByRole('dialog', { name });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(` ${name}$`) }));
/** The dialog's buttons that show a word (the header's close button is an icon). */
const footerButtons = (element: HTMLElement) => within(element).getAllByRole('button').filter((button) => button.textContent !== '');
/** The dialog's text, paragraph by paragraph (the body only, not the header or the buttons). */
const paragraphs = (element: HTMLElement) => [...element.querySelectorAll('p')].map((p) => p.textContent);

describe('the count a send would reach (mirrors the server)', () => {
  it('notSent: reachable and never emailed; remind: reachable, emailed, no answer; the job skips unusable addresses', () => {
    expect(sendPlan({ mode: 'notSent' }, ROWS)).toMatchObject({ invitations: 2, reminders: 0, skipped: 1, people: false });
    expect(sendPlan({ mode: 'remind' }, ROWS)).toMatchObject({ invitations: 0, reminders: 1, skipped: 1, people: false });
    const selected = { mode: 'selected' as const, parentIds: [ID(1), ID(3), ID(4), ID(5)] };
    // Selected: whatever the answer, an invitation for a first email, a reminder after one (send-worker.ts).
    expect(sendPlan(selected, ROWS)).toMatchObject({ request: selected, invitations: 1, reminders: 2, skipped: 1 });
    // A parent who left the directory since the start has no name or email in the row: skipped.
    expect(sendPlan({ mode: 'notSent' }, [participantRow({ parentId: ID(8) })])).toMatchObject({ invitations: 0, skipped: 1 });
  });
});

describe('sending asks first, in French and in English', () => {
  it.each([
    ['fr', '2 parents recevront un courriel d\'invitation avec leur lien de mise à jour.', '1 personne visée ne recevra rien\u00a0: elle n\'a pas d\'adresse courriel utilisable (aucune adresse, rebond ou plainte).', 'Un courriel envoyé ne peut pas être repris.', 'Envoyer à 2 parents'],
    ['en', '2 parents will receive an invitation email with their update link.', '1 person included will receive nothing: they have no usable email address (none, a bounce or a complaint).', 'Emails cannot be taken back once sent.', 'Send to 2 parents'],
  ] as const)('%s: "send to all not yet sent" counts the invitations, names the skipped, and sends only on confirm', (lang, body, skipped, final, confirm) => {
    const sends = renderManager(lang);
    press(BUTTONS[lang].notSent);
    const asked = dialog(WORDS[lang].title);
    expect(paragraphs(asked)).toEqual([body, skipped, final]);
    expect(sends).toEqual([]);
    fireEvent.click(within(asked).getByRole('button', { name: confirm }));
    expect(sends).toEqual([{ mode: 'notSent' }]);
    expect(screen.queryByRole('dialog', { name: WORDS[lang].title })).toBeNull();
  });

  it.each([
    ['fr', '1 parent recevra un courriel de rappel avec son lien de mise à jour.', 'Envoyer à 1 parent'],
    ['en', '1 parent will receive a reminder email with their update link.', 'Send to 1 parent'],
  ] as const)('%s: "remind" counts the reminders and sends { mode: remind } on confirm', (lang, body, confirm) => {
    const sends = renderManager(lang);
    press(BUTTONS[lang].remind);
    const asked = dialog(WORDS[lang].title);
    expect(paragraphs(asked)[0]).toBe(body);
    fireEvent.click(within(asked).getByRole('button', { name: confirm }));
    expect(sends).toEqual([{ mode: 'remind' }]);
  });

  it.each([
    ['fr', ["1 parent recevra un courriel d'invitation avec son lien de mise à jour.", '1 parent recevra un courriel de rappel avec son lien de mise à jour.'], 'Envoyer à 2 parents'],
    ['en', ['1 parent will receive an invitation email with their update link.', '1 parent will receive a reminder email with their update link.'], 'Send to 2 parents'],
  ] as const)('%s: "send to selected" counts the selection by kind and sends the same request as before', (lang, lines, confirm) => {
    const sends = renderManager(lang);
    tick('Prénom1 Alarie');
    tick('Prénom3 Côté');
    tick('Prénom5 Émond');
    press(BUTTONS[lang].selected);
    const asked = dialog(WORDS[lang].title);
    expect(paragraphs(asked).slice(0, 2)).toEqual(lines);
    fireEvent.click(within(asked).getByRole('button', { name: confirm }));
    // The request is the button's own, the parent without an email included: the job lists and skips them.
    expect(sends).toEqual([{ mode: 'selected', parentIds: [ID(1), ID(3), ID(5)] }]);
  });

  it('Cancel and Escape send nothing; the focus goes into the dialog, then back to the button that opened it', () => {
    const sends = renderManager('fr');
    const button = screen.getByRole('button', { name: BUTTONS.fr.notSent });
    button.focus();
    fireEvent.click(button);
    const asked = dialog(WORDS.fr.title);
    expect(asked.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(asked).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog', { name: WORDS.fr.title })).toBeNull();
    expect(document.activeElement).toBe(button);
    press(BUTTONS.fr.remind);
    // Escape, from inside the dialog (Cloudscape listens on the dialog's box).
    fireEvent.keyDown(within(dialog(WORDS.fr.title)).getByRole('button', { name: 'Annuler' }), { key: 'Escape', keyCode: 27 });
    expect(screen.queryByRole('dialog', { name: WORDS.fr.title })).toBeNull();
    expect(sends).toEqual([]);
  });

  it.each([
    ['fr', 'Personne ne recevrait de courriel\u00a0: aucune des personnes sélectionnées n\'a d\'adresse courriel utilisable (aucune adresse, rebond ou plainte).'],
    ['en', 'Nobody would receive an email: none of the selected people has a usable email address (none, a bounce or a complaint).'],
  ] as const)('%s: when nobody would get an email it says so and offers only a close button', (lang, body) => {
    const sends = renderManager(lang);
    tick('Prénom5 Émond');
    tick('Prénom6 Fortin');
    press(BUTTONS[lang].selected);
    const told = dialog(WORDS[lang].nobody);
    expect(paragraphs(told)).toEqual([body]);
    const footer = footerButtons(told);
    expect(footer.map((button) => button.textContent)).toEqual([WORDS[lang].close]);
    fireEvent.click(footer[0]!);
    expect(screen.queryByRole('dialog', { name: WORDS[lang].nobody })).toBeNull();
    expect(sends).toEqual([]);
  });

  it('says so for a reminder nobody is due, and counts staff members as people', () => {
    const sends = renderManager('fr', [row(1, 'Alarie'), row(2, 'Bélanger', { kind: 'staff' })]);
    press(BUTTONS.fr.remind);
    const told = dialog(WORDS.fr.nobody);
    expect(paragraphs(told)).toEqual([
      "Personne ne recevrait de courriel\u00a0: un rappel ne va qu'à ceux qui ont déjà reçu un courriel, n'ont pas encore répondu et ont une adresse courriel utilisable; il n'y en a aucun.",
    ]);
    fireEvent.click(footerButtons(told)[0]!);
    press(BUTTONS.fr.notSent);
    const asked = dialog(WORDS.fr.title);
    expect(paragraphs(asked)[0]).toBe("2 personnes recevront un courriel d'invitation avec leur lien de mise à jour.");
    fireEvent.click(within(asked).getByRole('button', { name: 'Envoyer à 2 personnes' }));
    expect(sends).toEqual([{ mode: 'notSent' }]);
  });

  // A new user's trial: a reminder sent twice in a row, nothing said that one had just gone out (each send replaces
  // the earlier link). The dialog now says how many got an email in the last 24 hours and how long ago the latest left.
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const reminded = (n: number, lastName: string, minutes: number) =>
    row(n, lastName, { emailSent: true, emailsSent: 2, history: [{ at: ago(3 * 24 * 60), event: 'emailSent' }, { at: ago(minutes), event: 'reminderSent' }] });

  it.each([
    ['fr', '3 parents visés ont déjà reçu un courriel dans les dernières 24 heures, le plus récent il y a 12 minutes. Un nouvel envoi remplacera leur lien\u00a0: celui de ces courriels ne fonctionnera plus.', 'Envoyer à 4 parents'],
    ['en', '3 parents included already received an email in the last 24 hours, the latest 12 minutes ago. Sending again will replace their links: the ones in those emails will stop working.', 'Send to 4 parents'],
  ] as const)('%s: "remind" says that a reminder just went out, to how many, and that sending again replaces their link', (lang, recent, confirm) => {
    // Three reminded minutes or hours ago; one reminded two days ago is not "recent".
    const sends = renderManager(lang, [reminded(1, 'Alarie', 12), reminded(2, 'Bélanger', 15), reminded(3, 'Côté', 5 * 60), reminded(4, 'Dubé', 48 * 60)]);
    press(BUTTONS[lang].remind);
    const asked = dialog(WORDS[lang].title);
    expect(paragraphs(asked)).toEqual([
      lang === 'fr' ? '4 parents recevront un courriel de rappel avec leur lien de mise à jour.' : '4 parents will receive a reminder email with their update link.',
      recent,
      lang === 'fr' ? 'Un courriel envoyé ne peut pas être repris.' : 'Emails cannot be taken back once sent.',
    ]);
    // Still one question: the administrator may send anyway.
    fireEvent.click(within(asked).getByRole('button', { name: confirm }));
    expect(sends).toEqual([{ mode: 'remind' }]);
  });

  it.each([
    ['fr', '1 parent visé a déjà reçu un courriel il y a 3 heures. Un nouvel envoi remplacera son lien\u00a0: celui de ce courriel ne fonctionnera plus.'],
    ['en', '1 parent included already received an email 3 hours ago. Sending again will replace their link: the one in that email will stop working.'],
  ] as const)('%s: one recipient emailed today, chosen in a selection', (lang, recent) => {
    renderManager(lang, [row(1, 'Alarie'), reminded(2, 'Bélanger', 3 * 60 + 5)]);
    tick('Prénom1 Alarie');
    tick('Prénom2 Bélanger');
    press(BUTTONS[lang].selected);
    expect(paragraphs(dialog(WORDS[lang].title))[2]).toBe(recent);
  });

  it('says nothing of the kind when the last emails are older than 24 hours', () => {
    expect(sendPlan({ mode: 'remind' }, [reminded(1, 'Alarie', 24 * 60 + 1)]).recent).toBeUndefined();
    // The latest of the recent emails, whichever row it is on; the invitation days before does not count.
    const now = new Date('2026-10-05T15:00:00.000Z');
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    const rows = [30, 10].map((minutes, i) => row(i + 1, `Nom${i}`, { emailSent: true, emailsSent: 2, history: [{ at: at(5000), event: 'emailSent' }, { at: at(minutes), event: 'reminderSent' }] }));
    expect(sendPlan({ mode: 'remind' }, rows, now).recent).toEqual({ count: 2, latestAt: at(10), asOf: now.toISOString() });
    renderManager('fr', [reminded(1, 'Alarie', 25 * 60)]);
    press(BUTTONS.fr.remind);
    expect(paragraphs(dialog(WORDS.fr.title))).toEqual(['1 parent recevra un courriel de rappel avec son lien de mise à jour.', 'Un courriel envoyé ne peut pas être repris.']);
  });

  it('English staff wording: one person', () => {
    renderManager('en', [row(2, 'Bélanger', { kind: 'staff' })]);
    press(BUTTONS.en.notSent);
    const asked = dialog(WORDS.en.title);
    expect(paragraphs(asked)[0]).toBe('1 person will receive an invitation email with their update link.');
    within(asked).getByRole('button', { name: 'Send to 1 person' });
  });
});
