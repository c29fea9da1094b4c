// One `astro build` in a child process, as CI runs it: wall time from spawn to exit, the CPU time it used, the
// peak memory of its process tree, and its log. The child leads its own process group so that an interrupted bench can end it
// with everything it started.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { watchTreeRss } from './tree-rss.ts';

const astroBin = join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules/astro/bin/astro.mjs');

export interface BuildRun {
  exitCode: number;
  wallMs: number;
  /** Bytes; null where /proc cannot be read. */
  peakRss: number | null;
  /**
   * User and system CPU time of the build, all its threads: what it costs the machine, apart from its waits
   * (wall time counts those). Null where /proc cannot be read.
   */
  cpuMs: number | null;
  /** stdout and stderr together. */
  log: string;
}

const running = new Set<number>();

/** Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds of this process's children that have ended (cutime + cstime of /proc/self/stat): read before
 * and after a build, the difference is the build's.
 */
function endedChildrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name, which may hold spaces but ends with the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after the name.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Ends every build still running (its whole process group): for an interrupted or failing bench. */
export function killRunningBuilds(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

/**
 * Runs `astro build` in `root` with `env` added to this process's environment.
 *
 * @example const run = await runAstroBuild('/tmp/site', { SCHEMA_MANAGER_API: url });
 */
export function runAstroBuild(root: string, env: Record<string, string>): Promise<BuildRun> {
  const started = performance.now();
  const cpuBefore = endedChildrenCpuMs();
  const child = spawn(process.execPath, [astroBin, 'build', '--root', root], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid as number;
  running.add(pid);
  const watch = watchTreeRss(pid);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      watch.stop();
      running.delete(pid);
      reject(error);
    });
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started;
      running.delete(pid);
      const cpuAfter = endedChildrenCpuMs();
      resolve({
        exitCode: code ?? (signal ? 128 : 1),
        wallMs,
        cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
        peakRss: watch.stop(),
        log: Buffer.concat(chunks).toString('utf8'),
      });
    });
  });
}
