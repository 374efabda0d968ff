import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * After a crash (or `kill -9` of npm start), DynamoDB Local and cognito-local can outlive their parent and keep
 * their ports. We record the children's PIDs with the PID of the process that started them and, on the next
 * start, stop those that are still ours once that process is gone. While it lives, the stack is running: a second
 * `npm start` (or `npm run reset`) of the same folder refuses instead of stopping another terminal's stack (a
 * trial's second start took the first one's database and accounts away, and its app then said « Erreur réseau »).
 */
const OUR_COMMANDS = ['DynamoDBLocal.jar', 'cognito/launcher.ts'];

interface PidFile {
  owner?: number;
  children: number[];
}

function commandOf(pid: number): string | undefined {
  const result = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function readPidFile(file: string): PidFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    // An older run's file is a bare list of children.
    if (Array.isArray(parsed)) return { children: parsed.filter((pid): pid is number => typeof pid === 'number') };
    const { owner, children } = parsed as Partial<PidFile>;
    return { ...(typeof owner === 'number' ? { owner } : {}), children: Array.isArray(children) ? children : [] };
  } catch {
    return undefined; // A corrupt or foreign file: nothing of ours.
  }
}

export function recordChildren(file: string, pids: number[]): void {
  writeFileSync(file, JSON.stringify({ owner: process.pid, children: pids } satisfies PidFile));
}

/** The PID of another live process that started this folder's stack (its children are still ours), or undefined. */
export function runningOwner(file: string): number | undefined {
  const record = readPidFile(file);
  if (!record?.owner || record.owner === process.pid) return undefined;
  const command = commandOf(record.owner);
  const oursAlive = record.children.some((pid) => OUR_COMMANDS.some((c) => commandOf(pid)?.includes(c)));
  return command && oursAlive ? record.owner : undefined;
}

/** What a second start or a reset of the same folder says while the stack runs. */
export const alreadyRunning = (owner: number): string =>
  `this folder's local stack is already running (process ${owner}). Stop it first (Ctrl-C in its terminal), ` +
  'or use it as it is: nothing was stopped or changed.';

/** Stops leftover children of a previous run whose starter is gone; returns how many were stopped. */
export async function stopStaleChildren(file: string): Promise<number> {
  const record = readPidFile(file);
  if (!record) return 0;
  let stopped = 0;
  for (const pid of record.children) {
    const command = commandOf(pid);
    if (command && OUR_COMMANDS.some((c) => command.includes(c))) {
      process.kill(pid, 'SIGTERM');
      stopped += 1;
    }
  }
  rmSync(file, { force: true });
  if (stopped > 0) await new Promise((r) => setTimeout(r, 1500));
  return stopped;
}
