import type { Server } from 'node:http';
import sesModule from 'aws-ses-v2-local';

// The package is CommonJS with `exports.default`; under ESM interop the function sits one level down.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;

/**
 * The SES emulator (aws-ses-v2-local), in this process: it speaks the SES v1/v2 HTTP APIs to our SDK clients,
 * shows a mailbox page at `/` and returns every sent message as JSON at `/store` (tests read it).
 */
export async function startSes(port: number): Promise<Server> {
  return sesServer({ host: '127.0.0.1', port });
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
