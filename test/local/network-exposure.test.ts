import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';

/**
 * Volunteers may import real families into `npm start`: no local service may be reachable from another machine,
 * and DynamoDB Local (which a browser could call with made-up credentials) answers web pages of the app's origin
 * only. Checked on the running test stack, started by the same code as `npm start` (local/stack.ts).
 */
let stack: StackInfo;
beforeAll(() => {
  stack = useStack();
});

const portOf = (url: string) => Number(new URL(url).port);

/** IPv4 and IPv6 loopback in /proc/net/tcp* notation (little-endian words), IPv4-mapped included. */
const LOOPBACK_HEX = new Set(['0100007F', '00000000000000000000000001000000', '0000000000000000FFFF00000100007F']);
const LISTEN = '0A';

/** Local addresses (hex) of the sockets listening on `port`, from the kernel's own tables. */
function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${portHex}`) && fields[3] === LISTEN)
      .map((fields) => fields[1]!.split(':')[0]!),
  );
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const nonLoopbackAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);

describe('local services on the network', () => {
  const services = () => ({
    'DynamoDB Local': portOf(stack.dynamoEndpoint),
    'cognito-local': portOf(stack.cognitoEndpoint),
    'SES emulator': portOf(stack.mailboxUrl),
    gateway: portOf(stack.appUrl),
  });

  it('listen on the loopback interface only (the kernel says so)', () => {
    for (const [name, port] of Object.entries(services())) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, name).toBeGreaterThan(0);
      expect(addresses.filter((hex) => !LOOPBACK_HEX.has(hex)), name).toEqual([]);
    }
  });

  it("refuse connections on this machine's other addresses, and accept them on 127.0.0.1", async () => {
    for (const [name, port] of Object.entries(services())) {
      expect(await connects('127.0.0.1', port), name).toBe(true);
      for (const address of nonLoopbackAddresses()) expect(await connects(address, port), `${name} on ${address}`).toBe(false);
    }
  });

  it("DynamoDB Local answers CORS preflights from the app's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(stack.dynamoEndpoint, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,authorization,x-amz-target',
        },
      });
    const fromApp = await preflight(new URL(stack.appUrl).origin);
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(new URL(stack.appUrl).origin);
    for (const origin of ['https://evil.example', 'http://localhost:8000', 'null']) {
      const answer = await preflight(origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  const cognitoCall = (target: string, body: unknown, origin?: string) =>
    fetch(stack.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
        ...(origin ? { Origin: origin } : {}),
      },
      body: JSON.stringify(body),
    });

  it("cognito-local answers web pages of this machine only, naming the page's origin, never '*'", async () => {
    const preflight = (origin: string) =>
      fetch(stack.cognitoEndpoint, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-amz-target' },
      });
    const app = new URL(stack.appUrl).origin;
    expect((await preflight(app)).headers.get('access-control-allow-origin')).toBe(app);
    for (const origin of ['https://evil.example', 'null', 'http://192.168.1.20:3000']) {
      const answer = await preflight(origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
      const call = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId }, origin);
      expect(call.status, origin).toBe(403);
      expect(call.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('cognito-local refuses Admin* and pool targets to every browser, and still serves the server side', async () => {
    const app = new URL(stack.appUrl).origin;
    for (const [target, body] of [
      ['ListUsers', { UserPoolId: stack.userPoolId }],
      ['AdminSetUserPassword', { UserPoolId: stack.userPoolId, Username: 'admin@ecole-demo.example', Password: 'Pris2026', Permanent: true }],
      ['adminGetUser', { UserPoolId: stack.userPoolId, Username: 'admin@ecole-demo.example' }],
      ['ListUserPools', { MaxResults: 10 }],
    ] as const) {
      const answer = await cognitoCall(target, body, app);
      expect(answer.status, target).toBe(400);
      expect(await answer.json(), target).toMatchObject({ __type: 'NotAuthorizedException', message: expect.stringContaining('server side') });
    }
    // The page's own calls still work (a wrong password is Cognito's answer, not the front's), and so does the
    // server side, which sends no Origin.
    const signIn = await cognitoCall(
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: 'nobody@test.example', PASSWORD: 'Wrong2026' } },
      app,
    );
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { message?: string }).message).not.toContain('server side');
    expect(signIn.headers.get('access-control-allow-origin')).toBe(app);
    expect((await cognitoCall('ListUsers', { UserPoolId: stack.userPoolId })).status).toBe(200);
  });
});
