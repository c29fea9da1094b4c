// Runs the CLI from source as a child process, as a user runs it, and keeps its exit code and output.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '../../..');
const run = promisify(execFile);

export function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCliIn(root, ...args);
}

/** The same, run from `cwd` (paths in `args` are then relative to it). */
export async function runCliIn(
  cwd: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'dist/cli/main.js'), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
