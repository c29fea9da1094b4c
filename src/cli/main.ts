#!/usr/bin/env node
// The `astro-schema-manager` command. The Node version is checked before anything else is imported: on an
// older Node the modules below fail with Node internals (node:sqlite, undici) instead of saying why.
const REQUIRED = [22, 19] as const;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < REQUIRED[0] || (major === REQUIRED[0] && minor < REQUIRED[1])) {
  process.stderr.write(
    `astro-schema-manager needs Node.js >= ${REQUIRED.join('.')}; this is ${process.versions.node}. Install a newer Node.js (24 LTS is tested).\n`,
  );
  process.exit(1);
}
const { runCli } = await import('./run.ts');
process.exitCode = await runCli(process.argv.slice(2));

export {};
