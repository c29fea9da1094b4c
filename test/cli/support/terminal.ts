// util-linux `script` runs a command on a pseudo-terminal: how the tests see what a user's terminal shows.
import { execFileSync } from 'node:child_process';

/** Whether `script` is installed; tests of terminal output are skipped without it. */
export const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
