#!/usr/bin/env node
// The `astro-schema-manager` command. The Node version is checked before anything else is imported: on an
// older Node the modules below fail with Node internals (node:sqlite, undici) instead of saying why.
import { nodeVersionProblem } from '../node-version.ts';

const problem = nodeVersionProblem();
if (problem !== null) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
// A reader that stops early (`--help | head`) closes the pipe: the output ends there, it is not a crash.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
const { runCli } = await import('./run.ts');
process.exitCode = await runCli(process.argv.slice(2));
