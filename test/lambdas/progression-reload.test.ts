import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveApply } from '../../frontend/src/features/progression/model/apply-driver';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { APPLY_LOCK } from '../../lambdas/progression/apply-repository';
import type { ApplyResponse, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { idTokenFor } from '../../local/sign-in';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';

/**
 * A reload (or a dropped phone connection) in the middle of an apply chunk, over HTTP through the local gateway:
 * like API Gateway, the gateway lets the function finish a request whose client went away, so the chunk ends and
 * releases the apply lock; the reloaded page, asking at once, is told to retry within seconds (not when the lock's
 * 60 s lease would end) and the apply goes on. On a school of its own (the apply changes the whole school): a
 * table stack (test/support/isolated-stack.ts) on the worker's emulators. 40 families: the apply outlasts the
 * first chunk's lock-up, so the resumed page meets the cut chunk's lock (a larger school proves nothing more).
 */

const FAMILIES = 40;
let stack: IsolatedStack;
let token: string;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly retryAfter: number | undefined,
  ) {
    super(`HTTP ${status} ${code ?? ''}`);
  }
}

async function api<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${stack.info.appUrl}/api/admin/progression${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const json = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
  if (!response.ok) {
    const retryAfter = response.headers.get('retry-after');
    throw new HttpError(response.status, json?.error?.code, retryAfter === null ? undefined : Number(retryAfter));
  }
  return json as T;
}

/** The apply lock item as stored, read from the isolated stack's table. */
async function lockItem(): Promise<Record<string, unknown> | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.lock(APPLY_LOCK), ConsistentRead: true }));
  return result.Item;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  stack = await startTableStack('progression-reload', { families: FAMILIES });
  Object.assign(process.env, stack.info.lambdaEnv);
  resetDocumentClient();
  const admin = stack.info.demoAccounts.find((a) => a.role === 'admin')!;
  token = await idTokenFor(stack.info, admin.email, admin.password);
}, 180_000);

afterAll(async () => {
  resetDocumentClient();
  await stack?.stop();
});

describe('apply cut short by a reload', () => {
  it('the cut chunk still finishes and frees the lock; the next page resumes within seconds', async () => {
    const workspace = await api<ProgressionWorkspace>('POST', '', undefined);
    const id = workspace.progression.id;
    const assignments = workspace.students
      .filter((s) => s.outcome === 'needsAssignment')
      .map((s) => ({ studentId: s.studentId, classId: s.candidateClassIds[0]! }));
    await api('PUT', `/${id}/assignments`, { assignments });

    // The first chunk (backup, plan, then steps for up to 6 s): the client goes away while it holds the lock.
    const cut = new AbortController();
    const first = api<ApplyResponse>('POST', `/${id}/apply`, { confirm: 'confirm' }, cut.signal).then(
      () => 'answered' as const,
      (error: unknown) => ((error as Error).name === 'AbortError' ? ('aborted' as const) : Promise.reject(error)),
    );
    const held = await until('the chunk to take the lock', lockItem, 20_000);
    cut.abort();
    expect(await first, 'the chunk was cut short while it held the lock').toBe('aborted');

    // The reloaded page resumes at once, the way the page does (model/apply-driver.ts), and is never told to
    // wait more than a few seconds.
    const waits: number[] = [];
    const started = Date.now();
    const outcome = await driveApply(false, {
      request: () => api<ApplyResponse>('POST', `/${id}/apply/continue`),
      onProgress: () => {},
      lockWait: (error) => (error instanceof HttpError && error.status === 409 && error.code === 'CONFLICT' ? error.retryAfter ?? 3 : undefined),
      sleep: async (ms) => {
        waits.push(ms / 1000);
        if (ms > 5_000) throw new Error(`told to wait ${ms / 1000} s for the apply lock`);
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
      stopped: () => false,
    });
    expect(outcome.kind, JSON.stringify(outcome)).toBe('done');
    // Asked while the cut chunk still ran: told to retry, within seconds (not when the 60 s lease would end).
    expect(waits.length, 'the continuation met the lock of the cut chunk').toBeGreaterThan(0);
    expect(waits.every((s) => s >= 1 && s <= 5), `waits ${waits.join(', ')}`).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
    // Done before the cut chunk's lease ended: that chunk was not killed with its client, it finished and released
    // the lock itself (else nobody could have taken it before its lease ended). The finish released the last one.
    expect(Date.now() / 1000).toBeLessThan(held.expiresAt as number);
    expect(await lockItem()).toBeUndefined();
    const status = await api<ApplyResponse>('GET', `/${id}/apply`);
    expect(status).toMatchObject({ done: true, progression: { phase: 'completed' } });
  });
});
