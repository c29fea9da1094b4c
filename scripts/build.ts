// Builds dist/: generated data first (the compiler and the tests read it), then the compiler,
// then the non-TypeScript files the runtime reads beside its modules.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Generators that write files under src/ before compiling; each is a script of its own. */
const generators = ['scripts/build-vocabulary.ts'];

for (const script of generators) {
  if (existsSync(join(root, script))) {
    execFileSync(process.execPath, [join(root, script)], { stdio: 'inherit', cwd: root });
  }
}

rmSync(dist, { recursive: true, force: true });
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], {
  stdio: 'inherit',
  cwd: root,
});

// Data files (vocabulary index, SQL migrations) live beside the code that loads them.
const assetPattern = /\.(json|sql|md)$/;
function copyAssets(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (assetPattern.test(name)) cpSync(path, join(dist, relative(join(root, 'src'), path)));
  }
}
copyAssets(join(root, 'src'));

const bin = join(dist, 'cli/main.js');
if (existsSync(bin)) chmodSync(bin, 0o755);
