import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * After a crash (or `kill -9` of npm start), DynamoDB Local and cognito-local can outlive their parent and keep
 * their ports. We record the children's PIDs and, on the next start, stop those that are still ours.
 */
const OUR_COMMANDS = ['DynamoDBLocal.jar', 'cognito/launcher.ts'];

function commandOf(pid: number): string | undefined {
  const result = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

export function recordChildren(file: string, pids: number[]): void {
  writeFileSync(file, JSON.stringify(pids));
}

/** Stops leftover children of a previous run; returns how many were stopped. */
export async function stopStaleChildren(file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  let stopped = 0;
  try {
    const pids = JSON.parse(readFileSync(file, 'utf8')) as number[];
    for (const pid of pids) {
      const command = commandOf(pid);
      if (command && OUR_COMMANDS.some((c) => command.includes(c))) {
        process.kill(pid, 'SIGTERM');
        stopped += 1;
      }
    }
  } catch {
    // A corrupt or foreign file: nothing of ours to stop.
  }
  rmSync(file, { force: true });
  if (stopped > 0) await new Promise((r) => setTimeout(r, 1500));
  return stopped;
}
