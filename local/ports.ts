import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Asks the OS for a free loopback port (tests run on free ports so they never collide with `npm start`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** True when something already listens on the port (checked on all interfaces, as DynamoDB Local binds them). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, () => server.close(() => resolve(false)));
  });
}

/** Fails with a message naming every taken port, so a restart after a crash says exactly what is in the way. */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const taken: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (await portInUse(port)) taken.push(`${port} (${name})`);
  }
  if (taken.length > 0) {
    throw new Error(
      `Port${taken.length > 1 ? 's' : ''} already in use: ${taken.join(', ')}. ` +
        'Another `npm start` may still be running (stop it with Ctrl-C), or another program uses the port: ' +
        'find it with `lsof -i :PORT` or choose other ports with LOCAL_PORT_BASE=4000 npm start.',
    );
  }
}

/** Polls until a TCP port accepts connections. */
export async function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for port ${port}`);
}

/**
 * Waits until a process just spawned listens on `port` (or rejects when it exits first, with `exitMessage`); if
 * it does not in time, stops it before rejecting: a start that fails leaves no process behind holding the port
 * (the stack's own clean-up only knows the processes that started).
 */
export async function listeningOrStopped(
  child: ChildProcess,
  port: number,
  timeoutMs: number,
  exitMessage: (code: number | null) => string,
): Promise<void> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(exitMessage(code)))));
  try {
    await Promise.race([waitForPort(port, timeoutMs), exited]);
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }
    throw error;
  }
}
