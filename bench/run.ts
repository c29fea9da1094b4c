// `npm run bench`: every bench/*.bench.ts in turn, each in its own process so one's warm-up and garbage
// do not colour the next one's figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

console.log(`Node ${process.version}, ${new Date().toISOString()}\n`);
for (const name of benches) {
  console.log(`=== ${name}`);
  execFileSync(process.execPath, ['--import', join(here, 'report-memory.ts'), join(here, name)], {
    stdio: 'inherit',
  });
  console.log('');
}
