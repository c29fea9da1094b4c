// The browser for tests that ask what a browser sees. A system Chromium is used when one is installed (faster to
// start, and what a developer may want to watch); otherwise the Chromium that `@sparticuz/chromium` ships inside
// its npm package, so `npm install && npm test` needs no root step and no download from anywhere but npm.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

const systemNames = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** `CHROMIUM_PATH` when set, else the first Chromium found on PATH, else null. */
export function findSystemChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    for (const name of systemNames) {
      if (dir && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return null;
}

const commonArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches a headless Chromium through playwright-core. `SCHEMA_MANAGER_TEST_BROWSER=npm` skips the system
 * browser, as on a fresh machine.
 */
export async function launchChromium(): Promise<Browser> {
  const system = process.env.SCHEMA_MANAGER_TEST_BROWSER === 'npm' ? null : findSystemChromium();
  if (system) return chromium.launch({ executablePath: system, args: ['--headless', ...commonArgs] });
  // Imported only here: it inflates ~70 MB into the OS temp dir on first use (then reuses it).
  const { default: shipped } = await import('@sparticuz/chromium');
  shipped.setGraphicsMode = false;
  return chromium.launch({
    executablePath: await shipped.executablePath(),
    args: [...shipped.args, ...commonArgs],
  });
}
