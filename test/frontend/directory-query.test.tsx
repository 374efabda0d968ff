// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { DirectoryContent } from '../../frontend/src/components/directory/directory-content';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Amplify } from 'aws-amplify';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { directoryStore } from '../../frontend/src/lib/directory/directory-store';
import { directoryKey, useDirectory } from '../../frontend/src/lib/directory/use-directory';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { FIXTURE } from './directory-fixture';
import { testConfig } from './render-screen';

/**
 * useDirectory under the query cache (docs/frontend.md, "Server state"): screens opened within the reuse window
 * share one answer, and a write that names `directoryKey` makes the directory ask the server again at once (with
 * the copy's ETag), so what was saved shows on the next list.
 */
let server: Server;
let config: RuntimeConfig;
let body = FIXTURE;
let etag = '"v1"';
/** When set, the server answers 503 (the directory cannot be read). */
let failing = false;
const asked: (string | undefined)[] = [];

beforeAll(async () => {
  Amplify.configure({ Auth: { Cognito: { userPoolId: 'ca-central-1_test', userPoolClientId: 'testclient' } } });
  server = createServer((req, res) => {
    const sent = req.headers['if-none-match'];
    asked.push(sent);
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'etag', etag };
    if (failing) return void res.writeHead(503, { ...cors, 'content-type': 'application/json' }).end('{"error":{"code":"SERVICE_UNAVAILABLE"}}');
    if (sent === etag) return void res.writeHead(304, cors).end();
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  config = testConfig(url);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
// The directory store is the module's (one module cache per worker: vitest.config.ts): a file before this one may
// have left a directory in it, which would answer without asking the server.
beforeEach(() => directoryStore.reset());
afterEach(() => {
  cleanup();
  directoryStore.reset();
  failing = false;
});

function Committees() {
  const { index } = useDirectory();
  return <p>{index ? `Comités ${index.directory.committees.length}` : 'Chargement'}</p>;
}

function show(client: QueryClient) {
  render(
    <RuntimeConfigProvider config={config}>
      <QueryClientProvider client={client}>
        <Committees />
      </QueryClientProvider>
    </RuntimeConfigProvider>,
  );
}

describe('useDirectory with the query cache', () => {
  it('reuses the answer on the next screen, and asks again (If-None-Match) once directoryKey is invalidated', async () => {
    const client = createQueryClient();
    show(client);
    await screen.findByText(`Comités ${FIXTURE.committees.length}`, {}, { timeout: 20_000 });
    expect(asked).toEqual([undefined]);
    cleanup();

    // The next screen, within the reuse window: the same answer, no request.
    show(client);
    expect(screen.getByText(`Comités ${FIXTURE.committees.length}`)).toBeTruthy();
    expect(asked).toHaveLength(1);

    // A write changed the directory and named directoryKey: the screen asks with the copy's ETag and shows the change.
    body = { ...FIXTURE, committees: [] };
    etag = '"v2"';
    await client.invalidateQueries({ queryKey: directoryKey });
    await screen.findByText('Comités 0');
    expect(asked).toEqual([undefined, '"v1"']);
  });

  it('asks again on the next screen when the invalidation came while no screen showed the directory', async () => {
    const client = createQueryClient();
    body = FIXTURE;
    etag = '"v1"';
    show(client);
    await screen.findByText(`Comités ${FIXTURE.committees.length}`, {}, { timeout: 20_000 });
    cleanup();
    const before = asked.length;
    await client.invalidateQueries({ queryKey: directoryKey });
    expect(asked).toHaveLength(before);
    show(client);
    await waitFor(() => expect(asked).toHaveLength(before + 1));
    expect(asked.at(-1)).toBe('"v1"');
  });
});

// A trial's screen reader heard neither the loading line nor the error, and Retry's focus fell to the page.
describe("a list's loading and error", () => {
  it('are one live region, which keeps the focus while Retry gives way to the loading line', async () => {
    failing = true;
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <RuntimeConfigProvider config={config}>
          <QueryClientProvider client={createQueryClient()}>
            <DirectoryContent list="students">{() => <p>Élèves prêts</p>}</DirectoryContent>
          </QueryClientProvider>
        </RuntimeConfigProvider>
      </I18nextProvider>,
    );
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 20_000 });
    const region = retry.closest('[role="status"]') as HTMLElement;
    expect(region).not.toBeNull();
    failing = false;
    retry.focus();
    fireEvent.click(retry);
    expect(document.activeElement).toBe(region);
    await screen.findByText('Élèves prêts', {}, { timeout: 20_000 });
  });
});
