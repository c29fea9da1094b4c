// A real WordPress for the test suite: Debian's packaged core, MariaDB and PHP's built-in server, started
// as background processes on 127.0.0.1 with their state in one folder under the OS temp dir, and stopped
// by pid. Eleven sites and a multisite network share the core and the database (one table prefix each): one site
// per way a WordPress site answers REST requests, a production site on plain http, where WordPress ignores
// application passwords, seven set up as some hosts and plugins set them (see QuirkSites), and a
// subdirectory network with a sub-site (see MultisiteNetwork).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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
  /** The site's address (WordPress Address and Site Address) where it is not `origin`. */
  home?: string;
}

/** Sites set up as some hosts are, each reached at its `origin` like the others. */
export interface QuirkSites {
  /** Its web server answers PUT and DELETE with its own HTML 405 before WordPress (mod_security rules, shared hosts). */
  refusingPutDelete: WordPressSite;
  /** Installed in a folder (home `<origin>/blog`) with the REST prefix `api` (the rest_url_prefix filter). */
  inFolder: WordPressSite;
  /** Its address names `localhost` while the suite reaches it as `127.0.0.1`: its REST root is on another origin. */
  homeElsewhere: WordPressSite;
  /**
   * A staging site behind its web server's own password (user `staging`, password `staging-password`; see
   * staging-basic-auth.php): the Authorization header is the web server's, so application passwords cannot pass.
   */
  stagingBehindPassword: WordPressSite;
  /** Its REST API is for logged-in users only (a rest_authentication_errors filter, as security plugins add). */
  restForUsersOnly: WordPressSite;
  /** Application passwords turned off (the wp_is_application_passwords_available filter). */
  noApplicationPasswords: WordPressSite;
  /**
   * Its plugin cleans what it stores, as many real ones do: names and tags through sanitize_text_field, the
   * document through wp_unslash (update_post_meta's), so what a write stores may not be what was sent.
   */
  sanitizingPlugin: WordPressSite;
}

/** The sub-site's path in the network. */
const SUB_SITE = '/site2/';

/**
 * A subdirectory multisite network on its own origin: the main site at the origin and one sub-site in a folder,
 * each with its own records (its own table prefix). Its domain is `127.0.0.1:<port>`, the port included.
 */
export interface MultisiteNetwork {
  /** `http://127.0.0.1:<port>`: the network's main site. */
  origin: string;
  /** `<origin>/site2`: the sub-site's address. */
  subSite: string;
  /** A super admin: an administrator of every site of the network. */
  admin: Account;
  /** An editor of the sub-site only. */
  editor: Account;
}

export interface WordPressEnvironment {
  stateDir: string;
  /** The 'local' sites, one of each kind. */
  sites: WordPressSite[];
  /** A pretty-permalink 'production' site served over plain http: it answers every login as anonymous. */
  plainHttpProduction: WordPressSite;
  quirks: QuirkSites;
  multisite: MultisiteNetwork;
  /** Stops every process this started (by pid) and removes the state folder. */
  stop(): Promise<void>;
}

const SITES: Array<{
  kind: SiteKind;
  permalinks: string;
  router: string;
  environment: EnvironmentType;
  compressed: boolean;
  /** The site's address from its origin, when it is not the origin itself. */
  home?: (origin: string) => string;
  /** WordPress's REST prefix, when not `wp-json`. */
  restPrefix?: string;
  /** Constants for wp-config.php, read by the must-use plugin (test/wordpress/schemafy-api.php). */
  constants?: string[];
  quirk?: keyof QuirkSites;
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
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'refuses-put-delete.php',
    environment: 'local',
    compressed: false,
    quirk: 'refusingPutDelete',
  },
  // The folder is the one folder.php serves.
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'folder.php',
    environment: 'local',
    compressed: false,
    home: (origin) => `${origin}/blog`,
    restPrefix: 'api',
    quirk: 'inFolder',
  },
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'front-controller.php',
    environment: 'local',
    compressed: false,
    home: (origin) => origin.replace('127.0.0.1', 'localhost'),
    quirk: 'homeElsewhere',
  },
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'staging-basic-auth.php',
    environment: 'local',
    compressed: false,
    quirk: 'stagingBehindPassword',
  },
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'front-controller.php',
    environment: 'local',
    compressed: false,
    constants: ['SCHEMAFY_REST_FOR_USERS_ONLY'],
    quirk: 'restForUsersOnly',
  },
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'front-controller.php',
    environment: 'local',
    compressed: false,
    constants: ['SCHEMAFY_NO_APPLICATION_PASSWORDS'],
    quirk: 'noApplicationPasswords',
  },
  {
    kind: 'pretty',
    permalinks: '/%postname%/',
    router: 'front-controller.php',
    environment: 'local',
    compressed: false,
    constants: ['SCHEMAFY_SANITIZES_INPUT'],
    quirk: 'sanitizingPlugin',
  },
];

type SiteSettings = Pick<(typeof SITES)[number], 'environment' | 'compressed' | 'restPrefix' | 'constants'>;

/**
 * A config of our own over the packaged core: a folder of links to it, with its own wp-config.php. A site's
 * address is `home`; a network's (`network`, its domain with the port) is each of its sites' own, in the database.
 * Written again over the same folder, it only writes wp-config.php again.
 */
function writeSiteCore(
  dir: string,
  where: { home: string } | { network: string; multisite: boolean },
  prefix: string,
  socket: string,
  { environment, compressed, restPrefix, constants = [] }: SiteSettings,
): string {
  const core = join(dir, 'core');
  if (!existsSync(core)) {
    mkdirSync(join(dir, 'wp-content'), { recursive: true });
    mkdirSync(core);
    for (const entry of readdirSync(CORE)) {
      if (entry !== 'wp-config.php' && entry !== 'wp-content')
        symlinkSync(join(CORE, entry), join(core, entry));
    }
    symlinkSync(join(CORE, 'wp-content/themes'), join(dir, 'wp-content/themes'));
  }
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
${
  'home' in where
    ? `define('WP_HOME', ${php(where.home)});\ndefine('WP_SITEURL', ${php(where.home)});`
    : where.multisite
      ? `define('MULTISITE', true);
define('SUBDOMAIN_INSTALL', false);
define('DOMAIN_CURRENT_SITE', ${php(where.network)});
define('PATH_CURRENT_SITE', '/');
define('SITE_ID_CURRENT_SITE', 1);
define('BLOG_ID_CURRENT_SITE', 1);`
      : ''
}
define('WP_CONTENT_DIR', ${php(join(dir, 'wp-content'))});
define('WPMU_PLUGIN_DIR', ${php(join(repo, 'test/wordpress'))});
define('WP_ENVIRONMENT_TYPE', '${environment}');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
${compressed ? "ini_set('zlib.output_compression', '1');" : ''}
${restPrefix ? `define('SCHEMAFY_REST_PREFIX', ${php(restPrefix)});` : ''}
${constants.map((name) => `define(${php(name)}, true);`).join('\n')}
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
 * Starts MariaDB and the WordPress sites of SITES, each installed with core's wp_install(), an administrator and
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

    /** php -S for a site's core on a loopback port, up once `page` answers. */
    const serve = async (port: number, prepend: string, router: string, name: string, page: string) => {
      background(
        'php',
        ['-d', `auto_prepend_file=${prepend}`, '-S', `127.0.0.1:${port}`, '-t', CORE, join(here, router)],
        `${name}.log`,
        { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      );
      await until(`php -S for ${name}`, async () => {
        try {
          return (await fetch(page, { redirect: 'manual' })).status < 500;
        } catch {
          return false;
        }
      });
    };

    // Beside the sites: its install takes two runs of PHP.
    const network = (async (): Promise<MultisiteNetwork> => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const domain = `127.0.0.1:${port}`;
      const dir = join(stateDir, 'multisite');
      const settings = { environment: 'local', compressed: false } as const;
      const install = (step: string, ...rest: string[]) =>
        runPhp([
          join(here, 'install-network.php'),
          step,
          join(dir, 'core'),
          domain,
          '/%postname%/',
          TIME_ZONE,
          ...rest,
        ]);
      // A site first, made a network; then the network, with wp-config.php's MULTISITE constants, makes its sub-site.
      writeSiteCore(dir, { network: domain, multisite: false }, 'm_', socket, settings);
      await install('single');
      const prepend = writeSiteCore(dir, { network: domain, multisite: true }, 'm_', socket, settings);
      const accounts = JSON.parse(await install('network', SUB_SITE)) as { admin: Account; editor: Account };
      const subSite = `${origin}${SUB_SITE.replace(/\/$/, '')}`;
      await serve(port, prepend, 'front-controller.php', 'multisite', `${subSite}/`);
      log(`WordPress (multisite) at ${origin}, its sub-site ${subSite}`);
      return { origin, subSite, ...accounts };
    })();

    const [sites, multisite] = await Promise.all([
      Promise.all(
        SITES.map(async (site, i) => {
          const port = await freePort();
          const origin = `http://127.0.0.1:${port}`;
          const name = `${site.kind}-${site.environment}`;
          const dir = join(stateDir, site.quirk ?? name);
          const home = site.home?.(origin) ?? origin;
          const prepend = writeSiteCore(dir, { home }, `s${i}_`, socket, site);
          const accounts = JSON.parse(
            await runPhp([join(here, 'install.php'), join(dir, 'core'), site.permalinks, TIME_ZONE]),
          ) as { admin: Account; editor: Account };
          // The home page as the suite reaches it: on the origin, in the site's folder if it has one.
          const page = `${origin}${new URL(home).pathname.replace(/\/$/, '')}/`;
          await serve(port, prepend, site.router, site.quirk ?? name, page);
          log(
            `WordPress (${site.quirk ?? name}) at ${origin}${home === origin ? '' : `, its address ${home}`}`,
          );
          return {
            kind: site.kind,
            compressed: site.compressed,
            origin,
            admin: accounts.admin,
            editor: accounts.editor,
            ...(home === origin ? {} : { home }),
          };
        }),
      ),
      network,
    ]);
    // By the environment each was made with, not by its place in SITES.
    const local = sites.filter((_, i) => SITES[i]?.environment === 'local' && !SITES[i]?.quirk);
    const plainHttpProduction = sites.find((_, i) => SITES[i]?.environment === 'production') as WordPressSite;
    const quirk = (name: keyof QuirkSites) => sites.find((_, i) => SITES[i]?.quirk === name) as WordPressSite;
    const quirks = {
      refusingPutDelete: quirk('refusingPutDelete'),
      inFolder: quirk('inFolder'),
      homeElsewhere: quirk('homeElsewhere'),
      stagingBehindPassword: quirk('stagingBehindPassword'),
      restForUsersOnly: quirk('restForUsersOnly'),
      noApplicationPasswords: quirk('noApplicationPasswords'),
      sanitizingPlugin: quirk('sanitizingPlugin'),
    };
    return { stateDir, sites: local, plainHttpProduction, quirks, multisite, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
