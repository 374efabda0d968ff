import { deFr } from '@shared/format/french';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { currentCampaign, getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { listPendingChanges } from '../../lambdas/annual-update/review-repository';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { removeRecord } from '../lambdas/directory-writes';
import type { StackInfo } from '../../local/stack-info';
import { mailTo } from './auth-support';
import { navigateInApp } from './client-navigation';
import { tabTo } from './keyboard-support';

/** Helpers and words of the campaign journey (test/e2e/annual-update.test.ts; not a test file: vitest collects *.test.ts only). */

/**
 * One campaign at a time on a shared stack: whatever campaign is open (another file's, a failed run's) is closed, and
 * the answers it still holds for review are dropped, as an administrator would decide them: the next campaign cannot
 * start while they wait (REVIEW_PENDING), and no journey decides another's.
 */
export async function closeOpenCampaign(reason: string): Promise<void> {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, reason);
  const latest = await currentCampaign();
  if (!latest) return;
  for (const held of await listPendingChanges(latest.id)) {
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.pendingChange(latest.id, held.parentId) }));
  }
}

/** After a campaign journey: its campaign closed, so the next file can start its own, and its own people deleted. */
export async function endCampaignJourney(own: readonly { id: string }[], staff: readonly { id: string }[] = []): Promise<void> {
  await closeOpenCampaign('test-cleanup');
  for (const parent of own) {
    const current = await getEntity('PARENT', parent.id);
    if (current) await removeRecord('PARENT', current);
  }
  for (const member of staff) {
    const current = await getEntity('STAFF', member.id);
    if (current) await removeRecord('STAFF', current);
  }
}

/** The staff link of the last email to `email`, with its query (`lang`, `form=staff`), on this stack's origin. */
export async function staffLinkFor(stack: StackInfo, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailTo(stack, email);
      link = /https?:\/\/[^\s"<>]+\/update\/[A-Za-z0-9_-]{43}\?[^\s"<>]+/.exec(mail?.body.text ?? '')?.[0];
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  const url = new URL(link!);
  return `${stack.appUrl}${url.pathname}${url.search}`;
}

/**
 * Picks a day on a date picker's calendar with the keyboard, as a user does (no date typed): Tab to the calendar
 * button (its name starts with `calendar`), Enter opens it, Tab goes past the month buttons to the grid's day (the
 * chosen one, or the browser's today), each ArrowDown moves a week (into the next month too), Enter picks the day
 * and closes the calendar. Returns the day the field then holds.
 */
export async function pickDayByWeeks(page: Page, calendar: string, weeks: number): Promise<string> {
  await tabTo(page, { selector: '[role="dialog"] button', name: new RegExp(`^${calendar}`) });
  await page.keyboard.press('Enter');
  const grid = page.locator('[role="dialog"] [role="grid"]');
  await grid.waitFor({ timeout: 10_000 });
  await tabTo(page, '[role="grid"] *', { max: 6 });
  for (let i = 0; i < weeks; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await grid.waitFor({ state: 'hidden', timeout: 10_000 });
  // The field holds the day chosen, as digits.
  const field = page.getByRole('dialog').getByPlaceholder(/^(AAAA-MM-JJ|YYYY-MM-DD)$/);
  let day = '';
  await expect.poll(async () => (day = await field.inputValue()), { timeout: 10_000 }).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return day;
}

/** The browser's today (`2026-11-28`): the calendar opens on it, which may differ from the school's day near midnight. */
export const browserToday = (page: Page) =>
  page.evaluate(`(() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); })()`) as Promise<string>;

export const noHorizontalScroll = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

/** A letter's short code (shared/letter-code.ts alphabet: no 0, 1, I, L, O). */
export const codeOf = (page: string) => /\b[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}\b/.exec(page)?.[0];

export type Lang = 'fr' | 'en';

/** Every word the journey reads or types, per language (French at 1440 px, English at 375 px). */
export const CAMPAIGN_TEXT = {
  fr: {
    viewport: 'desktop' as const,
    schoolYear: '2091-2092',
    lastName: 'Journée-Parcours',
    dashboardCard: 'Mise à jour annuelle',
    openCampaign: 'Ouvrir la mise à jour annuelle',
    annualUpdateTitle: 'Mise à jour annuelle des renseignements',
    /** No campaign yet, or after a closed one (a new campaign, the next year's: the card's secondary action). */
    startOpen: /^Lancer (la campagne|une nouvelle campagne \(année suivante\))$/,
    schoolYearLabel: 'Année scolaire',
    deadlineLabel: 'Date limite (facultative)',
    /** The deadline's calendar button (components/date-picker/day-picker.tsx). */
    calendar: 'Choisir une date',
    /** The deadline, in the sentence of the card's reminders line (a long date: shared/format/long-date.ts). */
    remindersPlanned: (longDate: string) => `7 et 2 jours avant la date limite du ${longDate}`,
    reviewOption: 'Réviser les changements avant de les publier',
    includeStaff: 'Inclure le personnel',
    recruiting: 'Comités qui recrutent cette année',
    recruitingSummary: 'Comités qui recrutent',
    start: 'Lancer',
    started: (year: string) => `La campagne ${year} est lancée.`,
    reviewLabel: 'Révision avant publication',
    reviewOn: 'Activée',
    search: 'Nom, courriel ou classe',
    results: '3 résultats',
    selectAll: 'Sélectionner les participants de cette page',
    sendSelected: (n: number) => `Envoyer à la sélection (${n})`,
    /** The send dialog's confirm button (annualUpdateAdmin.sendConfirm.submit*): "personnes" when a staff member is among them. */
    sendConfirm: (n: number, staff = false) => `Envoyer à ${n} ${staff ? 'personne' : 'parent'}${n > 1 ? 's' : ''}`,
    sent: (sent: number, skipped: number) => `Envoi terminé\u00a0: envoyés ${sent}, en échec 0, ignorés ${skipped}.`,
    phone: 'Téléphone',
    street: 'Adresse (numéro et rue)',
    /** The participation's "name only" choice (withdrawing from the directory: one radio, no second checkbox). */
    optOut: 'Nom seulement (retrait)',
    validate: 'Valider',
    interests: 'Intérêts',
    gardening: 'Jardinage',
    /** After the form: « reçus » while changes wait for review, « mis à jour » when applied at once. */
    success: /^Renseignements (mis à jour|reçus)$/,
    received: 'Renseignements reçus',
    successNote: "Vos changements attendent la révision de l'école\u00a0: le bottin les montrera une fois acceptés.",
    awaiting: "Vos changements attendent la révision de l'école",
    status: 'Statut',
    emailed: 'Courriel envoyé',
    summary: '3 parents affichés\u00a0: 1 formulaire soumis, 1 retrait du bottin, 1 en attente — 66,7\u00a0% de réponses',
    overall: /^2\/\d+ complétés/,
    history: (name: string) => `Historique (2) : ${name}`,
    submittedEvent: 'Formulaire soumis par le lien du courriel',
    reminderEvent: 'Rappel envoyé',
    remindedRow: 'Envoyé (2), sans réponse',
    invitationEvent: "Courriel d'invitation envoyé",
    closeDialog: 'Fermer',
    reviewLink: (n: number) => `Réviser les changements en attente (${n})`,
    reviewTitle: 'Révision des changements',
    /**
     * A RegExp source: the button says what it accepts (« Accepter les 2 changements »); an answer with one change has
     * only its field's (« Accepter Téléphone »).
     */
    acceptAll: 'Accepter (les \\d+ changements|[^()]+)',
    accept: 'Accepter Téléphone',
    reject: 'Refuser Adresse',
    accepted: 'Changement publié pour',
    acceptedAll: '(Changement publié|\\d+ changements publiés) pour',
    reviewEmpty: "Aucun changement n'attend de révision.",
    download: /^Télécharger les lettres papier \(\d+\)$/,
    lettersSaved: 'Lettres téléchargées',
    letterTitle: 'Mise à jour annuelle de vos renseignements',
    codePage: '/mise-a-jour/code',
    codeTitle: 'Entrer votre code de mise à jour',
    codeLabel: 'Code de la lettre',
    openCode: 'Ouvrir mon formulaire',
    codeInvalid: "Ce code n'a pas le bon format",
    codeUnknown: 'Ce code ne correspond à aucune lettre',
    /** Reprinting one parent's letter (lost or damaged): the chooser and its dialog's button. */
    chooseParents: 'Choisir des parents',
    reprintOne: 'Réimprimer 1 lettre',
    /** A reprint's file: its own name (`…-2026-2027-reimpression-2026-11-30-1405.pdf`), not the first printout's. */
    reprintFile: 'reimpression',
    /** Each reason a link cannot be used, as the parent reads it: replaced code, replaced email link (past its day: test/frontend/link-reasons.test.tsx). */
    codeReplaced: "Ce code a été remplacé par celui d'une lettre plus récente.",
    linkReplaced: /^Ce lien a été remplacé le \d{1,2}(er)? \p{L}+ \d{4} par celui d'un courriel plus récent de l'école\./u,
    staffPageTitle: 'Mettre à jour ma fiche du personnel',
    staffIntro: "dans le bottin de l'École primaire des Érables.",
    noClasses: 'Aucune',
    titleFr: 'Titre (français)',
    titleEn: 'Titre (anglais)',
    extension: 'Poste téléphonique (facultatif)',
    extensionInvalid: 'Entrez de 1 à 6 chiffres, sans lettres ni espaces.',
    showEmail: 'Afficher mon courriel dans le bottin',
    staffSubmit: 'Envoyer',
    newTitle: { fr: 'Orthopédagogue', en: 'Remedial teacher' },
    shownTitle: 'Orthopédagogue',
    extensionShown: 'Poste 2468',
    staffSearch: 'Nom, titre ou service',
    staffFilter: 'Personnel',
    submitted: 'Soumis',
    suppressedFilter: 'Adresse invalide ou plainte',
    bounced: /^Adresse invalide \(rebond\) depuis le \d{4}-\d{2}-\d{2} \d{1,2} h \d{2}$/,
    dataTitle: 'Données du bottin',
    editTab: 'Modifier',
    searchParent: 'Rechercher un parent',
    editOne: (name: string) => `Modifier ${name}`,
    email: 'Courriel',
    save: 'Enregistrer',
    saved: (name: string) => `La fiche ${deFr(name)} est enregistrée.`,
    closeOpen: 'Clore la campagne',
    closed: 'La campagne est close.',
    // The closing dialog's consequences, its typed word, and the campaign once closed (docs/annual-update.md).
    closeUnanswered: /^\d+ (parents n'ont|parent n'a|personnes n'ont|personne n'a) pas encore répondu\u00a0: (leurs|son) liens? et (leurs|son) codes? cesseront de fonctionner\.$/,
    closeReopenUntil: /^Vous pourrez rouvrir la campagne jusqu'au \d{1,2}(er)? \p{L}+ \d{4} \(date de purge des réponses\)/u,
    typeWord: /^Pour continuer, tapez «\s*confirmer\s*»$/,
    word: 'confirmer',
    closedTitle: 'Campagne close',
    cardTitle: 'Campagne en cours',
    closedLink: /^La période de mise à jour s'est terminée le \d{1,2}(er)? \p{L}+ \d{4}\. Pour corriger vos renseignements, communiquez avec le secrétariat de l'école\.$/u,
    completed: 'Close',
    progressLine: /^\d+\/\d+ complétés/,
    sendButton: /^Envoyer/,
    reopenOpen: 'Rouvrir la campagne',
    reopened: /^La campagne \d{4}-\d{4} est rouverte jusqu'au /,
    open: 'En cours',
    profileEdit: 'Modifier mes renseignements',
    profileSaved: 'Vos renseignements sont enregistrés. Le bottin les montre déjà.',
    demoPhone: '514 555-0181',
    appName: "Bottin de l'école",
    leaveTitle: 'Quitter sans enregistrer?',
    stay: 'Rester sur la page',
  },
  en: {
    viewport: 'mobile' as const,
    schoolYear: '2093-2094',
    lastName: 'Journey-Path',
    dashboardCard: 'Annual update',
    openCampaign: 'Open the annual update',
    annualUpdateTitle: 'Annual information update',
    startOpen: /^Start (campaign|a new campaign \(next year\))$/,
    schoolYearLabel: 'School year',
    deadlineLabel: 'Deadline (optional)',
    calendar: 'Choose a date',
    remindersPlanned: (longDate: string) => `7 and 2 days before the deadline of ${longDate}`,
    scheduleOpen: 'Deadline and reminders',
    scheduleDeadline: 'Deadline',
    deadlineMoved: (longDate: string) => `New deadline: ${longDate}. The links already sent work at least until that day.`,
    reviewOption: 'Review changes before publishing them',
    includeStaff: 'Include staff',
    recruiting: 'Committees recruiting this year',
    recruitingSummary: 'Committees recruiting',
    start: 'Start',
    started: (year: string) => `The ${year} campaign has started.`,
    reviewLabel: 'Review before publishing',
    reviewOn: 'On',
    search: 'Name, email or class',
    results: '3 matches',
    selectAll: 'Select the participants on this page',
    sendSelected: (n: number) => `Send to selected (${n})`,
    sendConfirm: (n: number, staff = false) => `Send to ${n} ${staff ? (n === 1 ? 'person' : 'people') : n === 1 ? 'parent' : 'parents'}`,
    sent: (sent: number, skipped: number) => `Sending finished: ${sent} sent, 0 failed, ${skipped} skipped.`,
    phone: 'Phone',
    street: 'Street address',
    optOut: 'Name only (opt out)',
    validate: 'Validate',
    interests: 'Interests',
    gardening: 'Gardening',
    success: /^Information (updated|received)$/,
    received: 'Information received',
    successNote: 'Your changes are awaiting review by the school: the directory will show them once accepted.',
    awaiting: 'Your changes are awaiting review by the school',
    status: 'Status',
    emailed: 'Email sent',
    summary: '3 parents shown: 1 submitted, 1 opted out, 1 pending — 66.7% answered',
    overall: /^2\/\d+ completed/,
    history: (name: string) => `History (2): ${name}`,
    submittedEvent: 'Form submitted through the emailed link',
    reminderEvent: 'Reminder sent',
    remindedRow: 'Sent (2), no answer',
    invitationEvent: 'Invitation email sent',
    closeDialog: 'Close',
    reviewLink: (n: number) => `Review pending changes (${n})`,
    reviewTitle: 'Review changes',
    acceptAll: 'Accept (all \\d+ changes|[^()]+)',
    accept: 'Accept Phone',
    reject: 'Reject Address',
    accepted: 'Change published for',
    acceptedAll: '(Change published|\\d+ changes published) for',
    reviewEmpty: 'No changes are waiting for review.',
    download: /^Download paper letters \(\d+\)$/,
    lettersSaved: 'Letters downloaded',
    letterTitle: 'Annual update of your information',
    codePage: '/update/code',
    codeTitle: 'Enter your update code',
    codeLabel: 'Letter code',
    openCode: 'Open my form',
    codeInvalid: 'This code does not have the right format',
    codeUnknown: 'This code matches no letter',
    chooseParents: 'Choose parents',
    reprintOne: 'Reprint 1 letter',
    reprintFile: 'reprint',
    codeReplaced: 'This code was replaced by the code of a newer letter.',
    linkReplaced: /^This link was replaced on \p{L}+ \d{1,2}, \d{4} by the link of a newer email from the school\./u,
    staffPageTitle: 'Update my staff entry',
    staffIntro: 'in the directory of École primaire des Érables.',
    noClasses: 'None',
    titleFr: 'Title (French)',
    titleEn: 'Title (English)',
    extension: 'Phone extension (optional)',
    extensionInvalid: 'Enter 1 to 6 digits, without letters or spaces.',
    showEmail: 'Show my email in the directory',
    staffSubmit: 'Submit',
    newTitle: { fr: 'Psychoéducatrice', en: 'Psychoeducator' },
    shownTitle: 'Psychoeducator',
    extensionShown: 'Ext. 2468',
    staffSearch: 'Name, title or department',
    staffFilter: 'Staff',
    submitted: 'Submitted',
    suppressedFilter: 'Bounced or complaint',
    bounced: /^Address bounced since \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    dataTitle: 'Directory data',
    editTab: 'Edit',
    searchParent: 'Search for a parent',
    editOne: (name: string) => `Edit ${name}`,
    email: 'Email',
    save: 'Save',
    saved: (name: string) => `${name}'s record is saved.`,
    closeOpen: 'Close campaign',
    closed: 'The campaign is closed.',
    closeUnanswered: /^\d+ (parents have|parent has|people have|person has) not answered yet: their links? and codes? will stop working\.$/,
    closeReopenUntil: /^You can reopen the campaign until \p{L}+ \d{1,2}, \d{4} \(when its answers are purged\)/u,
    typeWord: /^To continue, type "confirm"$/,
    word: 'confirm',
    closedTitle: 'Closed campaign',
    cardTitle: 'Current campaign',
    closedLink: /^The update period ended on \p{L}+ \d{1,2}, \d{4}\. To correct your information, contact the school office\.$/u,
    completed: 'Closed',
    progressLine: /^\d+\/\d+ completed/,
    sendButton: /^Send/,
    reopenOpen: 'Reopen campaign',
    reopened: /^The \d{4}-\d{4} campaign is open again until /,
    open: 'Open',
    profileEdit: 'Update my information',
    profileSaved: 'Your information has been saved. The directory already shows it.',
    demoPhone: '514 555-0182',
    appName: 'School directory',
    leaveTitle: 'Leave without saving?',
    stay: 'Stay on the page',
  },
};

/**
 * Goes to `path` in the app already loaded in `page` the way a link does (history.pushState and popstate, as
 * test/e2e/accessibility.test.ts does): no new load of the app, its chunks and its session. It returns once the
 * previous screen's heading is gone (a screen that does not change in time is loaded in full instead). A first
 * visit, or the same screen again (to read it afresh, or another query of it), is a full load.
 */
export async function goTo(page: Page, appUrl: string, path: string): Promise<void> {
  const current = page.url();
  if (current === 'about:blank' || !current.startsWith(appUrl) || new URL(current).pathname === new URL(path, appUrl).pathname) {
    await page.goto(`${appUrl}${path}`);
    return;
  }
  await navigateInApp(page, appUrl, path);
}
