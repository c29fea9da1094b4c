// The client's resilience through the runtime's own fetch, the sender it picks outside Node (Cloudflare's
// workerd says `navigator.userAgent === 'Cloudflare-Workers'`): the same suite as through undici.
import { afterAll, beforeAll, vi } from 'vitest';
import { runsOnNode } from '../../src/client/send-fetch.ts';
import { resilienceSuite } from './resilience.ts';

beforeAll(() => {
  vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  if (runsOnNode()) throw new Error('the stub did not take');
});
afterAll(() => {
  vi.unstubAllGlobals();
});

resilienceSuite('fetch');
