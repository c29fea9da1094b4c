// One way to start Chromium for the tests that ask what a browser sees: the system's Chromium when there is one
// (Debian's `chromium` package, or CHROMIUM_PATH), else the browser playwright-core itself manages.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Launches a headless Chromium with no network chatter of its own.
 *
 * @example const browser = await launchChromium(); const page = await browser.newPage(); ... await browser.close();
 */
export function launchChromium(): Promise<Browser> {
  const executablePath = [process.env.CHROMIUM_PATH, ...SYSTEM_CHROMIUM].find(
    (path): path is string => path !== undefined && path !== '' && existsSync(path),
  );
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
