// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ParentForm } from '@shared/rules/parent-form';
import { PRESET_AUDIENCES } from '@shared/rules/visibility';
import { validConfig } from './config-server';
import { renderApp } from './render-app';

/**
 * The /update/{token} page in jsdom against a real loopback API: the token goes in the POST body only, the
 * product's load messages, field validation before any submit, and the way to the success page.
 */
const FORM: ParentForm = {
  parent: {
    id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    version: 2,
    firstName: 'Amélie',
    lastName: 'Tremblay',
    email: 'amelie@example.com',
    phone: '5145551234',
    interests: [],
    skills: '',
    participation: 'full',
    audiences: { ...PRESET_AUDIENCES.full },
    preferredLanguage: 'fr',
  },
  children: [],
  committees: [{ committeeId: '01JABCDEFGHJKMNPQRSTVWXYZ1', name: { fr: 'Fondation', en: 'Foundation' }, kind: 'foundation', role: 'treasurer' }],
  openCommittees: [],
  coParents: [],
  school: { name: 'École des Érables' },
  campaign: { schoolYear: '2025-2026' },
};

/** A parent with an address, a co-parent, an officer seat, a plain seat, and a committee open to sign-ups. */
const HOUSEHOLD: ParentForm = {
  ...FORM,
  parent: { ...FORM.parent, address: { street: '12, rue des Érables', city: 'Laval', postalCode: 'H7N 1A1' } },
  committees: [
    ...FORM.committees,
    { committeeId: '01JABCDEFGHJKMNPQRSTVWXYZ2', name: { fr: 'OPP', en: 'Parent committee' }, kind: 'opp', role: 'member' },
  ],
  openCommittees: [
    // Names as schools type them: « Je me joins au comité Organisme de participation des parents (OPP) » was the label.
    { committeeId: '01JABCDEFGHJKMNPQRSTVWXYZ3', name: { fr: 'Organisme de participation des parents (OPP)', en: 'Parent Participation Organization (OPP)' }, kind: 'opp', role: 'member' },
    { committeeId: '01JABCDEFGHJKMNPQRSTVWXYZ5', name: { fr: "Fondation de l'école", en: 'School Foundation' }, kind: 'foundation', role: 'volunteer' },
  ],
  coParents: [{ id: '01JABCDEFGHJKMNPQRSTVWXYZ4', firstName: 'Rowan', lastName: 'Tremblay', version: 7 }],
};

interface Call { path: string; body: unknown }
let server: Server;
let url: string;
const calls: Call[] = [];
/** The answer of /api/update/load per token. */
const answers: Record<string, { status: number; body: unknown }> = {
  good: { status: 200, body: FORM },
  // The same form, for the language test alone: no other test reads what it leaves of this link (a cached answer).
  switched: { status: 200, body: FORM },
  household: { status: 200, body: HOUSEHOLD },
  // The same household, for the French labels alone.
  householdFr: { status: 200, body: HOUSEHOLD },
  // Answered while the campaign reviews changes: the phone and the address wait for the school.
  held: {
    status: 200,
    body: {
      ...FORM,
      parent: { ...FORM.parent, phone: '4385550177' },
      submittedAt: '2025-09-10T12:00:00.000Z',
      pendingReview: { submittedAt: '2025-09-10T12:00:00.000Z', fields: ['phone', 'address'] },
    },
  },
  // The link's form asks the emails accepted (docs/messages.md, "Consents"): never chosen, the defaults.
  consents: { status: 200, body: { ...FORM, messages: { school: true, class: true, committee: true } } },
  expired: { status: 410, body: { error: { code: 'TOKEN_EXPIRED' } } },
  unknown: { status: 404, body: { error: { code: 'TOKEN_INVALID' } } },
  broken: { status: 500, body: { error: { code: 'INTERNAL' } } },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      if (path === '/config.json') return void res.writeHead(200, headers).end(validConfig(url));
      if (path === '/api/health') return void res.writeHead(200, headers).end('{"status":"ok"}');
      const body = raw ? (JSON.parse(raw) as { token?: string }) : {};
      calls.push({ path, body });
      if (path === '/api/update/load') {
        const answer = answers[body.token ?? ''] ?? answers.unknown!;
        return void res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
      }
      if (path === '/api/update/submit') {
        return void res
          .writeHead(200, headers)
          .end(JSON.stringify({ form: FORM, submittedAt: '2025-09-10T12:00:00.000Z', hasAccount: false }));
      }
      res.writeHead(404, headers).end('{"error":{"code":"ROUTE_NOT_FOUND"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  cleanup();
  calls.length = 0;
  window.localStorage.clear();
});

/** The form and its lazy screens render slowly in jsdom on two loaded cores (23-31 s per test seen): wait up to 60 s. */
const SLOW = { timeout: 60_000 };

const open = (token: string, locale: 'fr' | 'en' = 'fr') =>
  renderApp({ configUrl: `${url}/config.json`, path: `/update/${token}`, locale });

describe('/update/{token}', () => {
  it.each([
    ['expired', 'en', 'This update link has expired. Please contact the school office for assistance.'],
    ['unknown', 'en', 'This update link is invalid or has expired.'],
    ['broken', 'en', 'Unable to load your information. Please try again later.'],
    ['unknown', 'fr', "Ce lien de mise à jour n'est pas valide ou a expiré."],
  ] as const)('a %s link shows its message (%s)', async (token, locale, message) => {
    open(token, locale);
    expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
    expect(calls).toEqual([{ path: '/api/update/load', body: { token } }]);
  });

  it('answers the same at its French address, /mise-a-jour/{token}, in French (not « Page introuvable »)', async () => {
    // A French link typed by hand or kept from an old letter, on a device left in English.
    renderApp({ configUrl: `${url}/config.json`, path: '/mise-a-jour/unknown', locale: 'en' });
    expect(await screen.findByText("Ce lien de mise à jour n'est pas valide ou a expiré.", {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrer le code' }).getAttribute('href')).toBe('/mise-a-jour/code');
    expect(calls).toEqual([{ path: '/api/update/load', body: { token: 'unknown' } }]);
    expect(window.localStorage.getItem('locale')).toBeNull();
    cleanup();
    // A `?lang=` still says the email's language, as at /update/{token}.
    calls.length = 0;
    renderApp({ configUrl: `${url}/config.json`, path: '/mise-a-jour/unknown?lang=en', locale: 'fr' });
    expect(await screen.findByText('This update link is invalid or has expired.', {}, SLOW)).toBeTruthy();
  });

  it("opens in the language of the email that carried the link, and keeps the device's saved choice", async () => {
    renderApp({ configUrl: `${url}/config.json`, path: '/update/unknown?lang=en', locale: 'fr' });
    expect(await screen.findByText('This update link is invalid or has expired.', {}, SLOW)).toBeTruthy();
    expect(window.localStorage.getItem('locale')).toBeNull();
    cleanup();
    // A tablet two parents share, left in French: the English parent's link still opens in English, once.
    window.localStorage.setItem('locale', 'fr');
    renderApp({ configUrl: `${url}/config.json`, path: '/update/unknown?lang=en', locale: 'fr' });
    expect(await screen.findByText('This update link is invalid or has expired.', {}, SLOW)).toBeTruthy();
    expect(window.localStorage.getItem('locale')).toBe('fr');
  });

  it('follows the language switch in its address (a reload keeps the language chosen) and asks before a reload or a link loses answers', async () => {
    const { location } = renderApp({ configUrl: `${url}/config.json`, path: '/update/switched?lang=fr', locale: 'fr' });
    const unloadAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    const phone = (await screen.findByLabelText('Téléphone', {}, SLOW)) as HTMLInputElement;
    expect(unloadAsks()).toBe(false);
    fireEvent.change(phone, { target: { value: '438 555-0000' } });
    expect(unloadAsks()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to English' }));
    await waitFor(() => expect(new URLSearchParams(location()?.search).get('lang')).toBe('en'), SLOW);
    expect(location()?.pathname).toBe('/update/switched');
    expect(((await screen.findByLabelText('Phone', {}, SLOW)) as HTMLInputElement).value).toBe('438 555-0000');
    expect(unloadAsks()).toBe(true);

    // The header's "Sign in" asks first too; staying keeps the answers typed.
    fireEvent.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    expect(await screen.findByText('The answers you typed will be lost.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByText('The answers you typed will be lost.')).toBeNull());
    expect(location()?.pathname).toBe('/update/switched');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('438 555-0000');
  });

  it('refuses a bad phone and a blank name before sending, then submits and lands on the success page', async () => {
    open('good', 'en');

    const phone = (await screen.findByLabelText('Phone', {}, SLOW)) as HTMLInputElement;
    expect(phone.value).toBe('514 555-1234');
    expect(screen.getByText('Foundation — Treasurer')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '555-12' } });
    fireEvent.change(screen.getByLabelText('First name *'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Last name *'), { target: { value: 'T'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    // Past its limit, a field says the limit (the server's schema's).
    expect(screen.getByText('This text is too long (100 characters at most).')).toBeTruthy();
    expect(screen.getByText('Enter a 10-digit phone number, without an extension, for example 514 555-1234.')).toBeTruthy();
    // The error says what the hint said: the hint gives way to it, not repeated right below.
    expect(screen.queryByText('10 digits, for example 514 555-1234.')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/update/submit')).toEqual([]);
    // The first field to fix gets the focus (on a phone, screens above the button).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name *')));

    fireEvent.change(screen.getByLabelText('First name *'), { target: { value: 'Amélie' } });
    fireEvent.change(screen.getByLabelText('Last name *'), { target: { value: 'Tremblay' } });
    fireEvent.change(phone, { target: { value: '(438) 555-9876' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(phone.value).toBe('438 555-9876'));
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Create an account', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/You already have an account/)).toBeNull();
    const submit = calls.find((call) => call.path === '/api/update/submit');
    expect(submit?.body).toMatchObject({ token: 'good', data: { version: 2, phone: '438 555-9876', firstName: 'Amélie' } });
  });

  it('opened again while the answer waits for review, says so in English and shows the values sent', async () => {
    open('held', 'en');

    const phone = (await screen.findByLabelText('Phone', {}, SLOW)) as HTMLInputElement;
    expect(phone.value).toBe('438 555-0177');
    expect(screen.getByText('Your changes are awaiting review by the school')).toBeTruthy();
    // When the answer came, so the parent knows it counted (the school's time: 8 h, Montréal).
    expect(screen.getByText('You answered on September 10, 2025 at 08:00. Your answer is saved; you can still change it and validate again.')).toBeTruthy();
    expect(screen.getByText('The school checks these changes before publishing them in the directory: Phone, Address. The form shows the values you sent.')).toBeTruthy();
    // The participation's three choices, the last one withdrawing from the directory.
    expect(screen.getByRole('radio', { name: /^Name only \(opt out\)/ })).toBeTruthy();
  });

  it("asks the emails accepted with My Profile's wording and sends the parent's choice with the answer", async () => {
    open('consents', 'fr');

    const classBox = (await screen.findByLabelText('Messages des représentants et enseignants de mes classes', {}, SLOW)) as HTMLInputElement;
    expect(screen.getByText('Messages par courriel')).toBeTruthy();
    const school = screen.getByLabelText("Messages de l'école et de son comité de parents") as HTMLInputElement;
    const committee = screen.getByLabelText('Messages des comités dont je fais partie') as HTMLInputElement;
    expect([school.checked, classBox.checked, committee.checked]).toEqual([true, true, true]);
    fireEvent.click(classBox);
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Créer un compte', {}, SLOW)).toBeTruthy();
    const submit = calls.find((call) => call.path === '/api/update/submit');
    expect(submit?.body).toMatchObject({ data: { messages: { school: true, class: false, committee: true } } });
  });

  it('joins an open committee, leaves a plain seat and shares the address; an officer seat cannot be left', async () => {
    open('household', 'en');

    // An open committee's box is labelled by its name, under the field that says ticking joins it.
    const join = await screen.findByRole('checkbox', { name: /^Parent Participation Organization \(OPP\) Committees open to sign-ups$/ }, SLOW);
    expect(screen.getByRole('checkbox', { name: /^School Foundation Committees open to sign-ups$/ })).toBeTruthy();
    expect(screen.getByText('Seat assigned by the school')).toBeTruthy();
    expect(screen.queryByLabelText('Foundation: leave this committee')).toBeNull();
    fireEvent.click(join);
    // A seat's box reads « Leave this committee » under the seat's name, and names it for a screen reader.
    expect(screen.getByText('Parent committee — Member')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Parent committee: leave this committee' }));
    fireEvent.click(screen.getByLabelText('Rowan Tremblay also lives at this address'));
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));

    expect(await screen.findByText('Create an account', {}, SLOW)).toBeTruthy();
    const submit = calls.find((call) => call.path === '/api/update/submit');
    expect(submit?.body).toMatchObject({
      data: {
        committees: { join: [{ committeeId: '01JABCDEFGHJKMNPQRSTVWXYZ3' }], leave: ['01JABCDEFGHJKMNPQRSTVWXYZ2'] },
        shareAddressWith: [{ parentId: '01JABCDEFGHJKMNPQRSTVWXYZ4', version: 7 }],
      },
    });
  });

  it("labels committees in French without an article a typed name cannot give (« au comité Organisme … »)", async () => {
    open('householdFr', 'fr');

    const opp = await screen.findByRole('checkbox', { name: /^Organisme de participation des parents \(OPP\) Comités ouverts aux inscriptions$/ }, SLOW);
    expect(screen.getByRole('checkbox', { name: /^Fondation de l'école Comités ouverts aux inscriptions$/ })).toBeTruthy();
    expect(screen.getByText('Cochez un comité pour vous y joindre comme membre en validant le formulaire.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'OPP\u00a0: je quitte ce comité' })).toBeTruthy();
    expect(screen.getByText('Je quitte ce comité')).toBeTruthy();
    expect(opp.closest('form, main')!.textContent).not.toMatch(/au comité|joins au/);
  });
});
