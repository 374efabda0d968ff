import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import sesModule from 'aws-ses-v2-local';

// The package is CommonJS with `exports.default`; under ESM interop the function sits one level down.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;

/**
 * The SES emulator (aws-ses-v2-local), in this process: it speaks the SES v1/v2 HTTP APIs to our SDK clients,
 * shows a mailbox page at `/` and returns every sent message as JSON at `/store` (tests read it).
 */
export async function startSes(port: number): Promise<Server> {
  const server = await sesServer({ host: '127.0.0.1', port });
  keepRawMessages(server);
  return server;
}

/** A raw email as SendRawEmail received it: every header, as the recipient's mail program would read it. */
export interface RawStoredEmail {
  destinations: string[];
  raw: string;
  at: number;
}

const rawMessages: RawStoredEmail[] = [];

/**
 * The emulator keeps a parsed copy of each raw email without its other headers (List-Unsubscribe, Reply-To's
 * exact form): this keeps the raw text too, once the emulator has parsed the request, and answers GET /raw-store
 * (the messages journey reads every header of what was sent, docs/messages.md).
 */
function keepRawMessages(server: Server): void {
  const [emulator] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!emulator) return;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage & { body?: Record<string, string> }, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/raw-store') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ emails: rawMessages }));
      return;
    }
    res.on('finish', () => {
      const body = req.body;
      if (req.method === 'POST' && req.url === '/clear-store') rawMessages.length = 0;
      if (req.method !== 'POST' || body?.Action !== 'SendRawEmail' || res.statusCode !== 200) return;
      const destinations = Object.entries(body).filter(([name]) => name.startsWith('Destinations.member.')).map(([, value]) => value);
      rawMessages.push({ destinations, raw: Buffer.from(body['RawMessage.Data'] ?? '', 'base64').toString('utf8'), at: Date.now() });
    });
    emulator(req, res);
  });
}

/** Every raw email the emulator took (SendRawEmail), oldest first. */
export async function readRawMailbox(mailboxUrl: string): Promise<RawStoredEmail[]> {
  const response = await fetch(`${mailboxUrl}/raw-store`);
  return ((await response.json()) as { emails: RawStoredEmail[] }).emails;
}

export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Reads the mailbox (used by tests and by the CLI's "check your mail" hints). */
export async function readMailbox(mailboxUrl: string): Promise<StoredEmail[]> {
  const response = await fetch(`${mailboxUrl}/store`);
  const json = (await response.json()) as { emails: StoredEmail[] };
  return json.emails;
}
