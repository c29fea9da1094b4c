// What the request-time pass (astro dev, on-demand pages) needs to know. In dev it runs in the same process
// as the integration and reads the resolved options directly; in a server build it reads the options baked
// into the bundle by the virtual module below, which never holds credentials: those come from the
// environment at run time.
import type { ResolvedOptions } from './options.ts';
import type { SiteLayout } from './pages.ts';

export const VIRTUAL_CONFIG_ID = 'virtual:astro-schema-manager/config';

export interface RuntimeConfig {
  options: ResolvedOptions;
  layout: SiteLayout;
  command: 'dev' | 'build' | 'preview' | 'sync';
  /** The User-Agent the requests send, worked out by the integration: a bundled server has no package.json at hand. */
  userAgent: string;
  /**
   * The patterns of the site's endpoints (`/feed.html`, `/api/[id].json`), as Astro names the route that answered
   * (`context.routePattern`): an endpoint's answer is left as it is, HTML or not, as the build leaves it.
   */
  endpoints?: string[];
}

const SHARED = Symbol.for('astro-schema-manager.runtime-config');

/** Remembers the resolved options for a request-time pass in this process. */
export function shareRuntimeConfig(config: RuntimeConfig): void {
  (globalThis as Record<symbol, unknown>)[SHARED] = config;
}

export function sharedRuntimeConfig(): RuntimeConfig | undefined {
  return (globalThis as Record<symbol, unknown>)[SHARED] as RuntimeConfig | undefined;
}

/** Where the request-time pass writes: Astro's logger where Astro runs it, else the console. */
export interface RequestLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const LOGGER = Symbol.for('astro-schema-manager.logger');

/** Remembers the integration's logger for the request-time pass of `astro dev` in this process. */
export function shareLogger(logger: RequestLogger): void {
  (globalThis as Record<symbol, unknown>)[LOGGER] = logger;
}

/** Astro's logger when the integration ran in this process; a built server has none, so the console. */
export function sharedLogger(): RequestLogger {
  const shared = (globalThis as Record<symbol, unknown>)[LOGGER] as RequestLogger | undefined;
  if (shared) return shared;
  const label = (message: string) => `[astro-schema-manager] ${message}`;
  return {
    info: (message) => console.info(label(message)),
    warn: (message) => console.warn(label(message)),
    error: (message) => console.error(label(message)),
  };
}

/** Keys that never go into a built file. */
const SECRET_KEYS = new Set(['username', 'password', 'cmsUrl']);

/** Source of the virtual module: the options minus credentials and functions, as JSON. */
export function virtualConfigSource(config: RuntimeConfig): string {
  const options = Object.fromEntries(Object.entries(config.options).filter(([key]) => !SECRET_KEYS.has(key)));
  const { layout, command, userAgent, endpoints } = config;
  return `export default ${JSON.stringify({ options, layout, command, userAgent, endpoints })};\n`;
}

/** A Vite plugin serving the virtual module. */
export function virtualConfigPlugin(config: () => RuntimeConfig) {
  const resolvedId = `\0${VIRTUAL_CONFIG_ID}`;
  return {
    name: 'astro-schema-manager:config',
    resolveId(id: string) {
      return id === VIRTUAL_CONFIG_ID ? resolvedId : undefined;
    },
    load(id: string) {
      return id === resolvedId ? virtualConfigSource(config()) : undefined;
    },
  };
}
