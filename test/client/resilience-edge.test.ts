// The same suite through fetch in a runtime without `AbortSignal.any`, as Vercel's Edge Runtime may be (its
// local emulator has none): every timeout, abort and total bound must hold without it.
import { afterAll, beforeAll, vi } from 'vitest';
import { runsOnNode } from '../../src/client/send-fetch.ts';
import { resilienceSuite } from './resilience.ts';

const any = AbortSignal.any;
beforeAll(() => {
  vi.stubGlobal('navigator', { userAgent: 'Edge Runtime' });
  if (runsOnNode()) throw new Error('the stub did not take');
  // @ts-expect-error: removed for this suite, put back after it.
  delete AbortSignal.any;
  if (typeof AbortSignal.any === 'function') throw new Error('AbortSignal.any is still there');
});
afterAll(() => {
  AbortSignal.any = any;
  vi.unstubAllGlobals();
});

resilienceSuite('fetch without AbortSignal.any');
