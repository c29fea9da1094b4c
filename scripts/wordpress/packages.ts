// Debian's packages the WordPress suite runs on, installed with apt-get when any is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const CORE = '/usr/share/wordpress';
const PACKAGES = ['wordpress', 'wordpress-theme-twentytwentythree', 'php-cli', 'php-mysql', 'mariadb-server'];

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Installs Debian's packages when something is missing (needs root and the Debian mirror). */
export function ensurePackages(log: (line: string) => void): void {
  const ready =
    has('php') &&
    has('mariadbd') &&
    has('mariadb-install-db') &&
    existsSync(join(CORE, 'wp-settings.php')) &&
    existsSync(join(CORE, 'wp-content/themes/twentytwentythree')) &&
    execFileSync('php', ['-r', 'echo extension_loaded("mysqli") ? "yes" : "no";']).toString() === 'yes';
  if (ready) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `WordPress, PHP or MariaDB is missing and installing them needs root: run as root, or install ${PACKAGES.join(' ')} with apt-get first.`,
    );
  }
  log(`Installing ${PACKAGES.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], {
    stdio: 'inherit',
    env,
  });
}
