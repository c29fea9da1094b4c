// The Astro integration: each hook remembers what the build pass needs, and the pass runs when the
// pages are on disk.

import '../require-node.ts';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroIntegrationLogger } from 'astro';
import { modeOf, unknownVariables, withEnvFiles } from '../env-files.ts';
import { type BuildClient, startBuildClient } from './build-client.ts';
import { setPageListener } from './build-hand-off.ts';
import { buildStopped } from './failures.ts';
import { listingRights } from './fetch-head-data.ts';
import { listedTwiceProblem, sitemapOrderProblem } from './integration-order.ts';
import {
  OptionsError,
  overriddenVariables,
  type ResolvedOptions,
  requireApi,
  resolveOptions,
  type SchemaManagerOptions,
  startupProblems,
} from './options.ts';
import { planContextFor } from './page-context.ts';
import { endpointPatterns, type RouteInfo, type SiteLayout } from './pages.ts';
import { addressNote, type ProbeOutcome, probeApi, probeBoundFor } from './probe-api.ts';
import { processBuild } from './process-build.ts';
import { sharedAnswers } from './request-answers.ts';
import {
  type RuntimeConfig,
  sharedLogger,
  shareLogger,
  shareRuntimeConfig,
  virtualConfigPlugin,
} from './runtime-config.ts';
import { type BuildSnapshot, openSnapshot } from './snapshot.ts';
import { type EarlyStager, earlyStager } from './stage-early.ts';
import { TOOLBAR_APP_ID, TOOLBAR_ICON } from './toolbar/meta.ts';
import { userAgent } from './user-agent.ts';

export type { SchemaManagerOptions } from './options.ts';
export type { BuiltPage } from './pages.ts';
export type { Finding } from './plan-page.ts';
export type { BuildResult } from './report.ts';

/** The integration's name, as Astro lists it. */
const NAME = 'astro-schema-manager';

/**
 * JSON-LD, meta and social tags from the Schema Management API in every page's head, validated at build time.
 *
 * @example
 * // astro.config.mjs
 * import schemaManager from 'astro-schema-manager';
 * export default defineConfig({
 *   site: 'https://www.example.com',
 *   integrations: [schemaManager({ api: 'https://cms.example.com/wp-json/schemafy/v1' })],
 * });
 */
export default function schemaManager(userOptions: SchemaManagerOptions = {}): AstroIntegration {
  let options: ResolvedOptions;
  let runtime: RuntimeConfig;
  // What astro:config:setup resolved; the runtime config once astro:config:done knows the final `site`.
  let pending: Omit<RuntimeConfig, 'layout'> | undefined;
  let config: AstroConfig;
  let routes: RouteInfo[] = [];
  let probe: ProbeOutcome | undefined;
  let snapshot: BuildSnapshot | undefined;
  let build: BuildClient | undefined;
  let early: EarlyStager | undefined;
  // A timeoutMs the user set is how long their CMS may take: the check before the build waits for it too.
  const probeBound = () => probeBoundFor(userOptions.timeoutMs === undefined ? undefined : options.timeoutMs);

  /** Starts reading the index (or the pages) while Astro renders, and staging each page as it is on disk. */
  function startEarly(found: Extract<ProbeOutcome, { ok: true }>, logger: AstroIntegrationLogger): void {
    build = startBuildClient(options, found, config.cacheDir, snapshot?.dispatcher);
    // A page is on disk once as many pages as Astro renders at a time have started after it: it is
    // staged while Astro goes on. Page by page, each page is also asked as it starts rendering.
    const source = build.earlyIndex
      ? { index: build.earlyIndex }
      : build.readAhead
        ? { readAhead: build.readAhead }
        : null;
    if (!source) return;
    early = earlyStager({
      options,
      layout: runtime.layout,
      routes,
      context: planContextFor(options, runtime.layout),
      source,
      canReadTags: listingRights(found.probe).canReadTags,
      renderedAtOnce: Math.max(1, config.build.concurrency),
      outDirs: [fileURLToPath(config.build.client), fileURLToPath(config.outDir)],
      warn: (line) => logger.warn(line),
    });
    setPageListener(early.rendering);
  }

  return {
    name: NAME,
    hooks: {
      'astro:config:setup': ({
        config: astroConfig,
        command,
        addMiddleware,
        addDevToolbarApp,
        updateConfig,
        logger,
      }) => {
        const twice = listedTwiceProblem(
          astroConfig.integrations.map((integration) => integration.name),
          NAME,
        );
        if (twice)
          throw buildStopped(
            twice,
            'Keep one schemaManager({ … }) in the integrations of astro.config, with all the options in it (`npx astro add` adds one: remove the other).',
          );
        // astro sync (and so astro check), astro preview and astro dev with dev: false start without the API.
        const usesApi = usesApiIn(command, userOptions);
        const envDir = astroConfig.vite?.envDir;
        const { env, unreadable } =
          envDir === false
            ? { env: process.env, unreadable: [] }
            : withEnvFiles(
                process.env,
                resolve(fileURLToPath(astroConfig.root), envDir ?? '.'),
                modeOf(command, process.argv),
              );
        for (const file of unreadable)
          logger.warn(`Could not read ${file}: its SCHEMA_MANAGER_ variables are not used.`);
        for (const line of unknownVariables(env)) logger.warn(line);
        try {
          options = resolveOptions(userOptions, env);
          if (usesApi) requireApi(options);
          const problems = usesApi ? startupProblems(options) : [];
          if (problems.length > 0) throw new OptionsError(problems);
        } catch (error) {
          if (!(error instanceof OptionsError)) throw error;
          // A missing site is said with the options, not one build later: after `astro add`, both are missing.
          if (!usesApi || astroConfig.site) throw buildStopped(error.message, error.hint);
          throw buildStopped(`${error.message}\n  ${NO_SITE_LINE}`, `${error.hint} ${ADD_SITE}`);
        }
        if (usesApi) for (const line of overriddenVariables(userOptions, options, env)) logger.warn(line);
        for (const name of ['PUBLIC_SCHEMA_MANAGER_USER', 'PUBLIC_SCHEMA_MANAGER_PASSWORD']) {
          if (env[name]) {
            logger.warn(
              `${name} is set: PUBLIC_ variables are bundled into client code. Rename it without PUBLIC_.`,
            );
          }
        }
        // Page URLs are made from `site`: needed where the API is (astro sync, check and preview go without).
        // An integration listed after this one may still set it (AstroWind's does): it is asked for once the
        // config is final, in astro:config:done.
        if (!usesApi && !astroConfig.site) return;
        pending = { options, command, userAgent: userAgent() };
        // astro dev runs the middleware in this process: its findings go through Astro's logger.
        shareLogger(logger);
        // Static sites get their heads at build time only; a request-time pass needs dev or an adapter.
        const onDemand = command === 'build' && options.onDemand && astroConfig.adapter !== undefined;
        if ((command === 'dev' && options.dev) || onDemand) {
          updateConfig({
            vite: {
              plugins: [virtualConfigPlugin(() => runtime)],
              // The middleware imports a virtual module, so Vite must process this package, not externalise it.
              ssr: { noExternal: ['astro-schema-manager'] },
            },
          });
          addMiddleware({ order: 'post', entrypoint: moduleBeside('middleware') });
        }
        // In a build, the middleware says which page Astro renders, so the pages already on disk are staged
        // meanwhile; it has no dependencies of its own, so nothing else of this package enters the site's bundle.
        if (command === 'build')
          addMiddleware({ order: 'post', entrypoint: moduleBeside('build-middleware') });
        if (command === 'dev' && options.dev) {
          addDevToolbarApp({
            id: TOOLBAR_APP_ID,
            name: 'Schema Manager',
            icon: TOOLBAR_ICON,
            entrypoint: moduleBeside('toolbar/app'),
          });
        }
      },
      'astro:config:done': ({ config: doneConfig, logger }) => {
        config = doneConfig;
        if (!pending) return;
        const layout = layoutOf(doneConfig);
        if (!layout) {
          if (usesApiIn(pending.command, pending.options)) throw buildStopped(NO_SITE, NO_SITE_HINT);
          return;
        }
        const sitePath = new URL(doneConfig.site!).pathname;
        if (sitePath !== '/') {
          const base = doneConfig.base.replace(/\/$/, '');
          // Where the pages would be if the site's path were meant: it, then the base already set.
          const meant = `${sitePath.replace(/\/$/, '')}${base}`;
          logger.warn(
            `site has a path (${sitePath}), which Astro leaves out of page addresses (Astro.url, @astrojs/sitemap): pages are known to the CMS as ${layout.site.replace(/\/$/, '')}${base}/…. If the site is served under ${sitePath}, set base: '${meant}'.`,
          );
        }
        if (pending.command === 'build' && pending.options.audit) {
          const problem = sitemapOrderProblem(
            doneConfig.integrations.map((integration) => integration.name),
            NAME,
          );
          if (problem) logger.warn(problem);
        }
        runtime = { ...pending, layout, endpoints: endpointPatterns(routes) };
        shareRuntimeConfig(runtime);
      },
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = resolved;
        // Again in dev when a page or endpoint is added: the same config, so the answers kept stay.
        if (runtime) runtime.endpoints = endpointPatterns(resolved);
      },
      'astro:server:start': () => {
        // The API's capabilities asked now, while the developer opens the browser: the first view then waits only
        // for its page's reads within requestBudgetMs, not for the probe and a new connection too.
        if (runtime?.command !== 'dev' || !runtime.options.dev || !runtime.options.api) return;
        const { username, password } = runtime.options;
        try {
          sharedAnswers({
            config: runtime,
            credentials: { username, password },
            logger: sharedLogger,
          }).warm();
        } catch {
          // Whatever fails here fails the first view too, and is said there, once per page.
        }
      },
      'astro:build:start': async ({ logger }) => {
        if (options.snapshot) {
          snapshot = await openSnapshot(options.snapshot, fileURLToPath(config.root));
          logger.info(
            options.snapshot.mode === 'record'
              ? `Recording every API answer to ${options.snapshot.path}.`
              : `Replaying API answers from ${options.snapshot.path}; the API is not asked.`,
          );
        }
        // Asked before any page is rendered, so a wrong address or password fails in seconds.
        probe = await probeApi(options, (line) => logger.info(line), probeBound(), snapshot?.dispatcher);
        if (probe.ok) {
          const note = options.api && addressNote(options.api, probe.api);
          if (note) logger.warn(note);
          return startEarly(probe, logger);
        }
        const { cause, header, hint } = probe.failure;
        if (options.onFetchError === 'fail') throw buildStopped(header, hint);
        if (cause === 'credentials-refused') {
          // Shipping anyway, the pages keep what anyone may read, as a build without credentials does.
          const anonymous = { ...options, username: undefined, password: undefined };
          const asAnyone = await probeApi(anonymous, () => {}, probeBound(), snapshot?.dispatcher);
          if (asAnyone.ok) {
            logger.warn(
              `${header} ${hint} Pages get only their public schemas, as without credentials, and no meta or social tags (onFetchError: "warn").`,
            );
            options = anonymous;
            probe = { ...asAnyone, credentialsRefused: true };
            return startEarly(asAnyone, logger);
          }
        }
        logger.warn(`${header} Pages will ship without API data (onFetchError: "warn").`);
      },
      'astro:build:done': async ({ pages, dir, logger }) => {
        const dispatcher = snapshot?.dispatcher;
        try {
          await processBuild({
            probe: probe ?? (await probeApi(options, (line) => logger.info(line), probeBound(), dispatcher)),
            options,
            layout: runtime.layout,
            routes,
            pathnames: pages.map((page) => page.pathname),
            outDir: dir,
            root: config.root,
            cacheDir: config.cacheDir,
            dispatcher,
            build,
            logger,
            early,
          });
        } finally {
          setPageListener(undefined);
          // What was staged early and not taken over (or, after a stop, everything) goes, and the thread ends.
          await early?.discard();
          await snapshot?.finish();
          if (snapshot && options.snapshot?.mode === 'record')
            logger.info(`API answers recorded to ${options.snapshot.path}.`);
        }
      },
    },
  };
}

/** The API is needed where it is used: the build pass, and heads in astro dev (not with `dev: false`). */
function usesApiIn(command: string, options: { dev?: boolean }): boolean {
  return command === 'build' || (command === 'dev' && options.dev !== false);
}

const NO_SITE = "`site` is needed in astro.config to know each page's absolute URL.";
const ADD_SITE = "Add site: 'https://www.example.com' to defineConfig().";
const NO_SITE_HINT = `${ADD_SITE} astro sync, check and preview, and astro dev with dev: false, run without it.`;
/** The same, as one line of a list of option problems. */
const NO_SITE_LINE = "site: not set in astro.config either; each page's absolute URL is made from it.";

/** Where and how the site's pages are served; null without `site`. */
function layoutOf(config: AstroConfig): SiteLayout | null {
  if (!config.site) return null;
  const routing = config.i18n?.routing;
  const fallbackType = config.i18n?.fallback
    ? typeof routing === 'object'
      ? routing.fallbackType
      : 'redirect'
    : null;
  const localeDomains = Object.entries(config.i18n?.domains ?? {}).map(([path, domain]) => {
    const locale = config.i18n?.locales.find(
      (each) => (typeof each === 'string' ? each : each.path) === path,
    );
    return {
      path,
      codes: locale && typeof locale !== 'string' ? [path, ...locale.codes] : [path],
      origin: new URL(domain).origin,
    };
  });
  return {
    // A path in `site` is not part of page addresses: Astro.url and @astrojs/sitemap resolve pages against its origin.
    site: `${new URL(config.site).origin}/`,
    base: config.base,
    format: config.build.format,
    trailingSlash: config.trailingSlash,
    fallbackType,
    ...(localeDomains.length > 0 && { localeDomains }),
  };
}

/** A module of this folder (`middleware`, `toolbar/app`), whether running from source (.ts) or from dist (.js). */
function moduleBeside(name: string): URL {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./${name}.${extension}`, import.meta.url);
}

// Also by name: `import { schemaManager } from 'astro-schema-manager'` is how many integrations are imported.
export { schemaManager };
