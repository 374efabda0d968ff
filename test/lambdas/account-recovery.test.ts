import { randomBytes } from 'node:crypto';
import {
  AdminGetUserCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cognitoClient } from '../../lambdas/common/cognito';
import { handler } from '../../lambdas/account-recovery/index';
import { hashRecoveryToken, putRecoveryToken } from '../../lambdas/account-recovery/recovery-repository';
import { START_ANSWER_MS } from '../../lambdas/account-recovery/recovery-service';
import { readMailbox, type StoredEmail } from '../../local/ses';
import type { StackInfo } from '../../local/stack-info';
import { RECOVERY_LINK } from '@shared/contracts/account-recovery-api';
import { useStack } from '../support/stack';
import { apiEvent, createPoolUser, registerPerson, stackCognito, uniqueEmail, uniqueIp } from './auth-support';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());

const SQUATTER_PASSWORD = 'Squatter2025';
const NEW_PASSWORD = 'Famille2025';

async function call(resource: string, body: unknown, sourceIp = uniqueIp()) {
  const result = await handler(apiEvent({ method: 'POST', resource, body: JSON.stringify(body), sourceIp }));
  return { status: result.statusCode, body: JSON.parse(result.body) as unknown, headers: result.headers };
}
const start = (email: string, locale = 'fr', ip?: string) =>
  call('/api/account-recovery/start', { email, locale }, ip);
const complete = (token: string, password = NEW_PASSWORD) =>
  call('/api/account-recovery/complete', { token, password });

async function mailTo(email: string): Promise<StoredEmail[]> {
  return (await readMailbox(stack.mailboxUrl)).filter((m) => m.destination.to.includes(email));
}

/** A stranger's direct SignUp with a registered parent's address (PreSignUp accepts it), then their session. */
async function squat(email: string): Promise<{ refreshToken: string }> {
  await cognito.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: SQUATTER_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: SQUATTER_PASSWORD },
    }),
  );
  return { refreshToken: auth.AuthenticationResult!.RefreshToken! };
}

function tokenFrom(mail: StoredEmail): string {
  const pattern = new RegExp(`${RECOVERY_LINK.path}\\?${RECOVERY_LINK.tokenParam}=([A-Za-z0-9_-]{43})`);
  const token = pattern.exec(mail.body.html ?? '')?.[1];
  expect(token, 'a takeover link in the email').toBeDefined();
  return token!;
}

describe('POST /api/account-recovery/start', () => {
  it('answers the same 202 for unknown, confirmed and unconfirmed addresses, and mails only the unconfirmed one', async () => {
    const unknown = uniqueEmail('recover-unknown');
    const confirmed = uniqueEmail('recover-confirmed');
    await registerPerson(confirmed);
    await createPoolUser(cognito, stack.userPoolId, confirmed, true);
    const noAccount = uniqueEmail('recover-no-account');
    await registerPerson(noAccount);
    const squatted = uniqueEmail('recover-squatted');
    await registerPerson(squatted);
    await squat(squatted);
    const mailBefore = await mailTo(squatted);

    const answers = [];
    for (const email of [unknown, confirmed, noAccount, squatted]) answers.push(await start(email));

    for (const answer of answers) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: {} });
    }
    expect(await mailTo(unknown)).toEqual([]);
    expect(await mailTo(confirmed)).toEqual([]);
    expect(await mailTo(noAccount)).toEqual([]);
    const sent = (await mailTo(squatted)).slice(mailBefore.length);
    expect(sent.map((m) => m.subject)).toEqual(['Choisissez le mot de passe de votre compte du bottin']);
    expect(sent[0]!.body.html).toContain(`href="${stack.appUrl}${RECOVERY_LINK.path}?${RECOVERY_LINK.tokenParam}=`);
    expect(sent[0]!.body.html).toContain('<html lang="fr">');
  });

  it('writes the email in English when asked, and sends at most three links an hour per address', async () => {
    const email = uniqueEmail('recover-limit');
    await registerPerson(email);
    await squat(email);
    const before = (await mailTo(email)).length;

    for (let i = 0; i < 5; i++) expect((await start(email, 'en')).status).toBe(202);

    const sent = (await mailTo(email)).slice(before);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.subject).toBe('Choose the password of your directory account');
  });

  it('answers after the work, never before the floor: with Cognito hung, the 202 waits for it, with the link sent', async () => {
    const email = uniqueEmail('recover-slow');
    await registerPerson(email);
    await squat(email);
    const before = (await mailTo(email)).length;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Fault injection: the function's own Cognito client stalls on the account lookup until released.
    const client = cognitoClient();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const stall = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof ListUsersCommand) await gate;
      return send(command);
    }) as never);
    try {
      let answered = false;
      const answering = start(email).then((answer) => ((answered = true), answer));
      // Lambda freezes what runs after the answer: an answer sent while the work hangs could lose the email.
      await new Promise((resolve) => setTimeout(resolve, START_ANSWER_MS + 300));
      expect(answered, 'no answer while the work is stalled').toBe(false);
      release();
      const answer = await answering;

      expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: {} });
      expect((await mailTo(email)).length, 'the link is sent before the answer').toBe(before + 1);
    } finally {
      release();
      stall.mockRestore();
    }
  });

  it('never answers before the floor, whatever the address', async () => {
    const began = Date.now();
    expect((await start(uniqueEmail('recover-floor'))).status).toBe(202);
    expect(Date.now() - began).toBeGreaterThanOrEqual(START_ANSWER_MS - 5);
  });

  it('limits requests per client address: 429 RATE_LIMITED with Retry-After past ten a minute', async () => {
    const ip = uniqueIp();
    // The counter is a fixed one-minute window (lambdas/common/rate-limit.ts): a burst that straddles a minute
    // boundary is counted in two windows, as designed. Each start answers after a 400 ms floor, so eleven in a row
    // take seconds: start in a window with time to spare, and send the first ten together (each is counted before
    // its floor) so the burst lasts well under a second.
    const windowMs = 60_000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const first = await Promise.all(Array.from({ length: 10 }, () => start(uniqueEmail('recover-ip'), 'fr', ip)));
    expect(first.map((answer) => answer.status)).toEqual(Array(10).fill(202));
    const refused = await start(uniqueEmail('recover-ip'), 'fr', ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThan(0);
  });
});

describe('POST /api/account-recovery/complete', () => {
  it('gives the account to the mailbox owner: new password, email verified, the squatter signed out, link spent', async () => {
    const email = uniqueEmail('recover-take');
    await registerPerson(email);
    const squatter = await squat(email);
    const before = (await mailTo(email)).length;
    await start(email);
    const token = tokenFrom((await mailTo(email))[before]!);

    const done = await complete(token);

    expect(done).toMatchObject({ status: 200, body: { email } });
    const signedIn = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: NEW_PASSWORD },
      }),
    );
    expect(signedIn.AuthenticationResult?.IdToken).toBeDefined();
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: squatter.refreshToken },
        }),
      ),
    ).rejects.toThrow();
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: SQUATTER_PASSWORD },
        }),
      ),
    ).rejects.toThrow();
    expect(await complete(token)).toMatchObject({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
    // The account is confirmed now: a new request sends nothing (the owner uses "forgot password").
    const mailAfter = (await mailTo(email)).length;
    await start(email);
    expect((await mailTo(email)).length).toBe(mailAfter);
  });

  it('takes over an account whose stored email differs only in case (the pool ignores case)', async () => {
    const email = uniqueEmail('recover-case');
    await registerPerson(email);
    // Made before sign-up refused other cases: AdminCreateUser runs no trigger locally.
    const stored = email.toUpperCase();
    const sub = await createPoolUser(cognito, stack.userPoolId, stored, false);
    const token = randomBytes(32).toString('base64url');
    await putRecoveryToken({
      tokenHash: hashRecoveryToken(token),
      email,
      username: sub,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });

    expect(await complete(token)).toMatchObject({ status: 200, body: { email } });
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: sub }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);
    expect(user.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
  });

  it('refuses a forged link (404), an expired one (410) and a password that breaks the rule (400)', async () => {
    const email = uniqueEmail('recover-refused');
    await registerPerson(email);
    await squat(email);
    const expired = 'e'.repeat(43);
    await putRecoveryToken({
      tokenHash: hashRecoveryToken(expired),
      email,
      username: email,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });

    expect(await complete('f'.repeat(43))).toMatchObject({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
    expect(await complete(expired)).toMatchObject({ status: 410, body: { error: { code: 'TOKEN_EXPIRED' } } });
    expect(await complete('g'.repeat(43), 'short')).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', fields: expect.arrayContaining([{ path: 'password', issue: 'PASSWORD_TOO_SHORT' }]) } },
    });
    expect(await complete('g'.repeat(43), NEW_PASSWORD).then((r) => r.status)).toBe(404);
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).not.toBe('true');
  });
});
