import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoAccount, StackInfo } from '../../local/stack-info';
import { generateSchool } from '../../local/demo/generate-school';
import { CsvFilesResponseSchema, IMPORT_MAX_BODY_BYTES, ImportReportSchema } from '@shared/contracts/import-api';
import { ROUTES, type RouteDef } from '../../lambdas/routes';
import { useStack } from '../support/stack';
import { stackCognito } from './auth-support';

/**
 * The admin routes over HTTP through the local gateway, signed in through cognito-local like the browser:
 * administrators only (403 for the parent and staff demo accounts), and the import routes' larger body limit.
 * Only reads and dry runs here: the shared stack table holds the demo school other files rely on.
 */

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
const tokens: Partial<Record<DemoAccount['role'], string>> = {};
const school = generateSchool();

async function idTokenOf(role: DemoAccount['role']): Promise<string> {
  if (tokens[role]) return tokens[role];
  const account = stack.demoAccounts.find((a) => a.role === role)!;
  const result = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return (tokens[role] = result.AuthenticationResult!.IdToken!);
}

async function call(
  method: string,
  route: string,
  options: { role?: DemoAccount['role']; body?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.role) headers.Authorization = `Bearer ${await idTokenOf(options.role)}`;
  const response = await fetch(`${stack.appUrl}${route}`, { method, headers, body: options.body });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());

describe('admin routes over HTTP', () => {
  // Every route of the admin context, with a plausible body: none may answer anyone but an administrator.
  const someParent = school.parents[0]!.id;
  const routes = (ROUTES as readonly RouteDef[])
    .filter((route) => route.context === 'admin')
    .map((route): [string, string, string?] => [
      route.method,
      route.path.replace('{id}', someParent),
      route.method === 'GET' ? undefined : JSON.stringify({ version: 1, confirm: 'confirm', files: [{ name: 'a.csv', text: '' }] }),
    ]);

  it.each(routes)('%s %s: 403 for the parent and staff demo accounts, 401 without a token', async (method, route, body) => {
    expect(await call(method, route, { role: 'parent', body })).toEqual({ status: 403, json: { error: { code: 'FORBIDDEN' } } });
    expect((await call(method, route, { role: 'staff', body })).status).toBe(403);
    expect((await call(method, route, { body })).status).toBe(401);
  });

  it('has a handler behind every admin route', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(21);
    for (const [method, route, body] of routes.filter(([method]) => method === 'GET')) {
      expect((await call(method, route, { role: 'admin', body })).status).toBe(200);
    }
    // Writes answer from their handler (a stale version here), not with ROUTE_NOT_FOUND.
    for (const [method, route] of routes.filter(([m, r]) => m !== 'GET' && !r.includes('/import/'))) {
      const answer = await call(method, route, { role: 'admin', body: '{}' });
      // An undo takes no input: `{}` is its whole request, and no merge has the id given here.
      const expected = route.endsWith('/undo') ? { status: 404, code: 'NOT_FOUND' } : { status: 400, code: 'VALIDATION_FAILED' };
      expect({ route, status: answer.status, code: answer.json.error.code }).toEqual({ route, ...expected });
    }
  });

  it('gives the administrator the templates and a dry run of them against the demo school', async () => {
    const templates = await call('GET', '/api/admin/import/templates?lang=en', { role: 'admin' });
    expect(templates.status).toBe(200);
    const { files } = CsvFilesResponseSchema.parse(templates.json);
    expect(files.map((f) => f.name)).toEqual([
      'school.csv',
      'classes.csv',
      'staff.csv',
      'parents.csv',
      'students.csv',
      'committees.csv',
      'committee-members.csv',
    ]);
    expect(files[3]!.text.startsWith('\uFEFFKey,First name,Last name,Email')).toBe(true);
    expect(files[0]!.text.startsWith('\uFEFFSchool name,School year,Email,Phone')).toBe(true);

    const dryRun = await call('POST', '/api/admin/import/dry-run', {
      role: 'admin',
      body: JSON.stringify({ files: files.map(({ name, text }) => ({ name, text })) }),
    });
    expect(dryRun.status).toBe(200);
    const report = ImportReportSchema.parse(dryRun.json);
    expect(report).toMatchObject({ valid: true, createsSettings: false });
    // Class A exists in the demo school: the template's class A is an update, the rest is new.
    expect(report.counts.classes).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(report.counts.parents).toEqual({ create: 1, update: 0, unchanged: 0 });
    // The school template's name and contact differ from the demo school's: an update of the settings.
    expect(report.counts.school).toEqual({ create: 0, update: 1, unchanged: 0 });
  });

  it('accepts import bodies beyond the usual 256 KB, up to its own limit', async () => {
    const row = `${'x'.repeat(20)},Nom\n`;
    const big = (bytes: number) => JSON.stringify({ files: [{ name: 'notes.csv', text: row.repeat(Math.ceil(bytes / row.length)) }] });

    const accepted = await call('POST', '/api/admin/import/dry-run', { role: 'admin', body: big(600 * 1024) });
    const refused = await call('POST', '/api/admin/import/dry-run', { role: 'admin', body: big(IMPORT_MAX_BODY_BYTES + 1024) });

    expect(accepted.status).toBe(200);
    expect(accepted.json.errors.map((e: { code: string }) => e.code)).toEqual(['UNKNOWN_FILE']);
    expect(refused).toEqual({ status: 413, json: { error: { code: 'PAYLOAD_TOO_LARGE' } } });
  });
});

describe('request bodies: JSON only, unknown keys refused', () => {
  const parent = school.parents[0]!;
  const validParent = { firstName: 'Julie', lastName: 'Tremblay' };

  it.each([
    ['text/plain', JSON.stringify(validParent)],
    ['text/plain;charset=UTF-8', JSON.stringify(validParent)],
    ['application/x-www-form-urlencoded', 'firstName=Julie&lastName=Tremblay'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nJulie\r\n--x--'],
    ['application/jsonp', JSON.stringify(validParent)],
  ])('answers 415 UNSUPPORTED_MEDIA_TYPE to a %s body, even a valid one', async (contentType, body) => {
    const answer = await call('POST', '/api/admin/parents', { role: 'admin', body, contentType });
    expect(answer).toEqual({ status: 415, json: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } } });
    const anonymous = await call('POST', '/api/validateEmailV2', { body: JSON.stringify({ email: 'a@b.ca' }), contentType });
    expect(anonymous).toEqual({ status: 415, json: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } } });
  });

  it('reads application/json with a charset', async () => {
    const answer = await call('POST', '/api/admin/import/dry-run', {
      role: 'admin',
      body: JSON.stringify({ files: [{ name: 'notes.csv', text: 'a,b' }] }),
      contentType: 'application/json; charset=utf-8',
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['POST', '/api/admin/parents', { ...validParent, isAdmin: true }],
    ['PUT', `/api/admin/parents/${parent.id}`, { ...validParent, version: 1, role: 'admin' }],
    ['POST', '/api/admin/classes', { code: '9Z', name: 'Classe Z', levels: ['P1'], id: 'x' }],
    ['POST', '/api/admin/staff', { ...validParent, title: { fr: 'Prof', en: 'Teacher', de: 'Lehrer' }, department: 'teaching' }],
    ['DELETE', `/api/admin/parents/${parent.id}`, { version: 1, confirm: 'confirm', cascade: true }],
    ['POST', '/api/admin/import/dry-run', { files: [{ name: 'parents.csv', text: '', encoding: 'latin1' }] }],
  ])('%s %s: a body with an unknown key is refused (400), nothing written', async (method, route, body) => {
    const before = await call('GET', '/api/admin/directory', { role: 'admin' });
    const answer = await call(method, route, { role: 'admin', body: JSON.stringify(body) });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('VALIDATION_FAILED');
    expect(answer.json.error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ issue: 'unrecognized_keys' })]));
    expect(await call('GET', '/api/admin/directory', { role: 'admin' })).toEqual(before);
  });
});
