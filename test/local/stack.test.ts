import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { generateSchool } from '../../local/demo/generate-school';
import { PRELOAD_ORDER, preloadHandlers } from '../../local/gateway';
import { CONTEXTS } from '../../lambdas/routes';
import { readMailbox } from '../../local/ses';
import type { StackInfo } from '../../local/stack-info';
import { JOURNEY_PARENTS } from '../e2e/auth-support';
import { rawGet } from '../support/raw-get';
import { useStack } from '../support/stack';

/** The foundation's promise: the whole system runs on this machine, wired together, with no AWS account. */
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;

beforeAll(() => {
  stack = useStack();
  resetDocumentClient();
  cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: stack.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

describe('local stack', () => {
  it('serves the API, the runtime config and the frontend on one origin', async () => {
    const health = await fetch(`${stack.appUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const config = (await (await fetch(`${stack.appUrl}/config.json`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ mode: 'local', userPoolId: stack.userPoolId, apiBaseUrl: '/api' });

    const page = await fetch(`${stack.appUrl}/classes`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const unknown = await fetch(`${stack.appUrl}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'ROUTE_NOT_FOUND' } });
  });

  it("serves the build's assets compressed and cached for a year, the same bytes on every request", async () => {
    const html = await (await fetch(`${stack.appUrl}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const onDisk = readFileSync(path.join('frontend/dist', script!));
    // Twice: the second answer comes from the gateway's copy (compressed once), and must not differ.
    for (let i = 0; i < 2; i++) {
      const raw = await rawGet(`${stack.appUrl}${script}`, { 'accept-encoding': 'gzip' });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(raw.body).equals(onDisk)).toBe(true);
    }
    const plain = await rawGet(`${stack.appUrl}${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);
  });

  it("loads every context's handler ahead of its first request, the sign-in path's first (npm start)", async () => {
    expect(PRELOAD_ORDER.slice(0, 2)).toEqual(['auth', 'directory']);
    expect([...PRELOAD_ORDER].sort()).toEqual([...CONTEXTS].sort());
    // One context loaded here (all of them would cost the suite seconds): its time is reported.
    const times = await preloadHandlers(['system']);
    expect(Object.keys(times)).toEqual(['system']);
    expect(times.system).toBeGreaterThanOrEqual(0);
  });

  it('writes and reads through DynamoDB Local', async () => {
    const key = { pk: 'TEST#stack', sk: `ITEM#${Date.now()}` };
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...key, note: 'élève' } }));
    const read = await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }));
    expect(read.Item?.note).toBe('élève');
  });

  it('lets an authorised demo email sign up and sign in through cognito-local, and refuses others', async () => {
    // The auth journeys own the last JOURNEY_PARENTS seeded parents (seededParentEmail), whatever the order the
    // files run in; other tests register parents too: take the next one from the end that has no account yet.
    const demoEmails = new Set(stack.demoAccounts.map((a) => a.email));
    const candidates = generateSchool()
      .parents.filter((p) => p.email && !demoEmails.has(p.email))
      .reverse()
      .slice(JOURNEY_PARENTS);
    let parent = candidates[0]!;
    for (const candidate of candidates) {
      const existing = await cognito.send(
        new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${candidate.email}"`, Limit: 1 }),
      );
      if (!existing.Users?.length) {
        parent = candidate;
        break;
      }
    }
    const password = 'Bottin2025';
    await cognito.send(
      new SignUpCommand({ ClientId: stack.userPoolClientId, Username: parent.email!, Password: password }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: parent.email!, PASSWORD: password },
      }),
    );
    const idToken = auth.AuthenticationResult?.IdToken;
    expect(idToken).toBeTruthy();
    const claims = JSON.parse(Buffer.from(idToken!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.email).toBe(parent.email);
    // The pre-sign-up trigger confirms the account but never verifies the email.
    expect(claims.email_verified).not.toBe(true);

    await expect(
      cognito.send(
        new SignUpCommand({ ClientId: stack.userPoolClientId, Username: 'stranger@nowhere.example', Password: password }),
      ),
    ).rejects.toThrow();
  });

  it('sends an email through the SES emulator and reads it back from the mailbox', async () => {
    const ses = new SESClient({
      endpoint: stack.mailboxUrl,
      region: stack.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const subject = `Essai ${Date.now()}`;
    await ses.send(
      new SendEmailCommand({
        Source: 'bottin@ecole-demo.example',
        Destination: { ToAddresses: ['famille@ecole-demo.example'] },
        Message: { Subject: { Data: subject }, Body: { Text: { Data: 'Bonjour' } } },
      }),
    );
    const mail = (await readMailbox(stack.mailboxUrl)).find((m) => m.subject === subject);
    expect(mail?.destination.to).toContain('famille@ecole-demo.example');
  });
});
