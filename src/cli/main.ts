#!/usr/bin/env node
// The `astro-schema-manager` command. The Node version is checked before anything else is imported: on an
// older Node the modules below fail with Node internals (node:sqlite, undici) instead of saying why.
import { nodeVersionProblem } from '../node-version.ts';

const problem = nodeVersionProblem();
if (problem !== null) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
const { runCli } = await import('./run.ts');
process.exitCode = await runCli(process.argv.slice(2));
