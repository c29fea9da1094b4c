// The subcommands by name, with the one-line summary the overview shows: the overview, `--help` and
// did-you-mean for command names need no command module, and each module is imported only when used.
import type { Command } from './command.ts';

export interface CommandEntry {
  summary: string;
  load: () => Promise<{ command: Command }>;
}

export type CommandTable = Record<string, CommandEntry>;

export const commands: CommandTable = {
  check: {
    summary: 'validate the JSON-LD of HTML and .jsonld files (a built site, any generator)',
    load: () => import('./check.ts'),
  },
  serve: {
    summary: 'run the reference server of the API (node:sqlite) until stopped',
    load: () => import('./serve.ts'),
  },
  validate: {
    summary: "validate JSON-LD from a file, stdin or the API (locally, or with the API's /validate)",
    load: () => import('./validate.ts'),
  },
  pull: {
    summary:
      "write the API's schemas, meta and social tags to seo/ (a file per page) or one file; --check diffs",
    load: () => import('./pull.ts'),
  },
  push: {
    summary: 'make the API match such a directory or file: create, update, optionally delete',
    load: () => import('./push.ts'),
  },
  scan: {
    summary: 'ask the API to scan pages or a sitemap and generate schemas (POST /scan)',
    load: () => import('./scan.ts'),
  },
  'clear-cache': {
    summary: "remove the build cache (the API answers kept between builds) from Astro's cacheDir",
    load: () => import('./clear-cache.ts'),
  },
  bulk: {
    summary: 'run a bulk repair on the API: fix, cleanup or duplicates (POST /bulk)',
    load: () => import('./bulk.ts'),
  },
};
