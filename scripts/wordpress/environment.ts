// A real WordPress for the test suite: Debian's packaged core, MariaDB and PHP's built-in server, started
// as background processes on 127.0.0.1 with their state in one folder under the OS temp dir, and stopped
// by pid. Four sites share the core and the database (one table prefix each): one per way a WordPress
// site answers REST requests, and a production site on plain http, where WordPress ignores application
// passwords.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE, ensurePackages } from './packages.ts';
import { freePort, runPhp, stopProcess, until } from './processes.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../..');
export const TIME_ZONE = 'Asia/Tokyo';

/** The three ways a site answers: pretty permalinks, plain ones behind a front controller, plain ones without rewriting. */
export type SiteKind = 'pretty' | 'plain-front-controller' | 'plain-no-rewrite';

/** WordPress's environment type: application passwords work over plain http only on a 'local' site. */
type EnvironmentType = 'local' | 'production';

export interface Account {
  username: string;
  /** An application password. */
  password: string;
}

export interface WordPressSite {
  kind: SiteKind;
  /** PHP compresses its answers (zlib.output_compression) for clients that accept gzip. */
  compressed: boolean;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  admin: Account;
  editor: Account;
}

export interface WordPressEnvironment {
  stateDir: string;
  /** The 'local' sites, one of each kind. */
  sites: WordPressSite[];
  /** A pretty-permalink 'production' site served over plain http: it answers every login as anonymous. */
  plainHttpProduction: WordPressSite;
  /** Stops every process this started (by pid) and removes the state folder. */
  stop(): Promise<void>;
}

const SITES: Array<{
  kind: SiteKind;
  permalinks: string;
  router: string;
  environment: EnvironmentType;
  compressed: boolean;
}> = [
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'front-controller.php',
    environment: 'local',
    compressed: false,
  },
  {
    kind: 'plain-front-controller',
    permalinks: '',
    router: 'front-controller.php',
    environment: 'local',
    compressed: false,
  },
  // As many shared hosts run PHP: WordPress's answers gzip-compressed for a client that accepts it
  // (zlib.output_compression, set in wp-config.php: php -S set to it for every script sends a gzip preamble
  // ahead of the static files its router passes on, which no real host does).
  {
    kind: 'plain-no-rewrite',
    permalinks: '',
    router: 'no-rewrite.php',
    environment: 'local',
    compressed: true,
  },
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'front-controller.php',
    environment: 'production',
    compressed: false,
  },
];

/** A config of our own over the packaged core: a folder of links to it, with its own wp-config.php. */
function writeSiteCore(
  dir: string,
  origin: string,
  prefix: string,
  socket: string,
  environment: EnvironmentType,
  compressed: boolean,
): string {
  const core = join(dir, 'core');
  mkdirSync(join(dir, 'wp-content'), { recursive: true });
  mkdirSync(core);
  for (const entry of readdirSync(CORE)) {
    if (entry !== 'wp-config.php' && entry !== 'wp-content')
      symlinkSync(join(CORE, entry), join(core, entry));
  }
  symlinkSync(join(CORE, 'wp-content/themes'), join(dir, 'wp-content/themes'));
  const salts = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
    .flatMap((name) => [`${name}_KEY`, `${name}_SALT`])
    .map(
      (name) =>
        `define('${name}', '${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}');`,
    );
  const php = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  writeFileSync(
    join(core, 'wp-config.php'),
    `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', ${php(`localhost:${socket}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$table_prefix = ${php(prefix)};
define('WP_HOME', ${php(origin)});
define('WP_SITEURL', ${php(origin)});
define('WP_CONTENT_DIR', ${php(join(dir, 'wp-content'))});
define('WPMU_PLUGIN_DIR', ${php(join(repo, 'test/wordpress'))});
define('WP_ENVIRONMENT_TYPE', '${environment}');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
${compressed ? "ini_set('zlib.output_compression', '1');" : ''}
${salts.join('\n')}
require_once ABSPATH . 'wp-settings.php';
`,
  );
  // The packaged index.php finds its wp-load.php in the packaged folder; ABSPATH, set first, points here.
  const prepend = join(dir, 'prepend.php');
  writeFileSync(prepend, `<?php defined('ABSPATH') || define('ABSPATH', ${php(`${core}/`)});\n`);
  return prepend;
}

// Every process started and not yet stopped, so an interrupt during start-up can still stop them.
const running = new Set<{ child: ChildProcess; stateDir: string }>();
let halted = false;

/** Stops whatever this module started that is still running, and removes its state: for interrupts. */
export async function stopEverything(): Promise<void> {
  // A start-up still under way starts nothing more.
  halted = true;
  const entries = [...running];
  running.clear();
  await Promise.all(entries.map(({ child }) => stopProcess(child)));
  for (const stateDir of new Set(entries.map((entry) => entry.stateDir)))
    rmSync(stateDir, { recursive: true, force: true });
}

/**
 * Starts MariaDB and three WordPress sites, each installed with core's wp_install(), an administrator and
 * an editor with application passwords, and the repository's must-use plugin.
 *
 * @example const wp = await startWordPress(console.log); try { ... } finally { await wp.stop(); }
 */
export async function startWordPress(log: (line: string) => void): Promise<WordPressEnvironment> {
  ensurePackages(log);
  const stateDir = mkdtempSync(join(tmpdir(), 'schemafy-wordpress-'));
  const children: Array<{ child: ChildProcess; stateDir: string }> = [];
  const background = (command: string, args: string[], logName: string, env?: NodeJS.ProcessEnv) => {
    if (halted) throw new Error('stopped while starting');
    const out = openSync(join(stateDir, logName), 'a');
    // Its own process group, so stopping it also stops the workers it forks.
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', out, out],
      env: env ?? process.env,
    });
    const entry = { child, stateDir };
    children.push(entry);
    running.add(entry);
    return child;
  };
  const stop = async () => {
    for (const entry of children) running.delete(entry);
    await Promise.all(children.map(({ child }) => stopProcess(child)));
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    const socket = join(stateDir, 'mysql.sock');
    execFileSync(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${join(stateDir, 'db')}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--user=root',
      ],
      { stdio: 'ignore' },
    );
    background(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${join(stateDir, 'db')}`,
        `--socket=${socket}`,
        '--skip-networking',
        '--user=root',
        `--pid-file=${join(stateDir, 'mariadb.pid')}`,
        '--innodb-buffer-pool-size=32M',
        '--skip-log-bin',
      ],
      'mariadb.log',
    );
    const sql = (statement: string) =>
      execFileSync('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', statement], {
        stdio: 'pipe',
      });
    await until('MariaDB', () => {
      try {
        sql('CREATE DATABASE IF NOT EXISTS wordpress');
        return true;
      } catch {
        return false;
      }
    });
    log(`MariaDB is up (${stateDir})`);

    const sites = await Promise.all(
      SITES.map(async (site, i) => {
        const port = await freePort();
        const origin = `http://127.0.0.1:${port}`;
        const name = `${site.kind}-${site.environment}`;
        const dir = join(stateDir, name);
        const prepend = writeSiteCore(dir, origin, `s${i}_`, socket, site.environment, site.compressed);
        const accounts = JSON.parse(
          await runPhp([join(here, 'install.php'), join(dir, 'core'), site.permalinks, TIME_ZONE]),
        ) as { admin: Account; editor: Account };
        background(
          'php',
          [
            '-d',
            `auto_prepend_file=${prepend}`,
            '-S',
            `127.0.0.1:${port}`,
            '-t',
            CORE,
            join(here, site.router),
          ],
          `${name}.log`,
          { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
        );
        await until(`php -S for ${name}`, async () => {
          try {
            return (await fetch(`${origin}/`, { redirect: 'manual' })).status < 500;
          } catch {
            return false;
          }
        });
        log(`WordPress (${name}) at ${origin}`);
        return {
          kind: site.kind,
          compressed: site.compressed,
          origin,
          admin: accounts.admin,
          editor: accounts.editor,
        };
      }),
    );
    // By the environment each was made with, not by its place in SITES.
    const local = sites.filter((_, i) => SITES[i]?.environment === 'local');
    const plainHttpProduction = sites.find((_, i) => SITES[i]?.environment === 'production') as WordPressSite;
    return { stateDir, sites: local, plainHttpProduction, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
