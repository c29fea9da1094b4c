// Tests run the CLI and build fixture sites from dist/, as users run the package: a dist/ older than the
// source it is built from is built again first, so that a test run on its own after an edit tests the edit.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
// Written by every build, after dist/ is emptied: older than any source means a stale build.
const marker = join(repo, 'dist/cli/main.js');

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function buildDistIfStale(): void {
  const sources = Math.max(
    newestUnder(join(repo, 'src')),
    statSync(join(repo, 'tsconfig.build.json')).mtimeMs,
    statSync(join(repo, 'scripts/build.ts')).mtimeMs,
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources) return;
  console.log('dist/ is older than src/: building it (npm run build) before the tests.');
  execFileSync(process.execPath, [join(repo, 'scripts/build.ts')], { cwd: repo, stdio: 'inherit' });
}
