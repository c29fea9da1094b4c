// Small process helpers for the WordPress suite: free ports, waiting for a service, one-shot PHP runs, and
// stopping a background process by its pid.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

export function runPhp(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('php', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`php ${args[0]} failed (${code}): ${err || out}`)),
    );
  });
}

/** SIGTERM to the process group a child leads, SIGKILL if it is still there after 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {}
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
