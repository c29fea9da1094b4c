#!/usr/bin/env node
// The `astro-schema-manager` command: one file per subcommand, loaded only when asked for.
import { commands, runCli } from './run.ts';

process.exitCode = await runCli(process.argv.slice(2), commands);
