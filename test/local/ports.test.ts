import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort, listeningOrStopped } from '../../local/ports';

/**
 * A local stack's emulators (DynamoDB Local, cognito-local) are waited for with listeningOrStopped: one that never
 * listens is stopped before the start fails, so no orphan keeps running and holding its port.
 */
const node = (script: string) => spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('listeningOrStopped', () => {
  it('resolves once the process listens, and leaves it running', async () => {
    const port = await freePort();
    const child = node(`require('node:net').createServer().listen(${port}, '127.0.0.1')`);
    try {
      await listeningOrStopped(child, port, 10_000, () => 'exited');
      expect(child.exitCode).toBeNull();
      expect(child.signalCode).toBeNull();
    } finally {
      child.kill('SIGKILL');
      await ended(child);
    }
  });

  it('stops a process that does not listen in time, then fails', async () => {
    const port = await freePort();
    const child = node('setInterval(() => undefined, 1000)');
    await expect(listeningOrStopped(child, port, 500, () => 'exited')).rejects.toThrow(`Timed out waiting for port ${port}`);
    await ended(child);
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('fails with the exit message when the process ends first', async () => {
    const port = await freePort();
    const child = node('process.exit(3)');
    await expect(listeningOrStopped(child, port, 10_000, (code) => `gone (code ${code})`)).rejects.toThrow('gone (code 3)');
  });
});
