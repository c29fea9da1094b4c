import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createPageDataCache, type LoadReport } from '../../src/integration/page-data-cache.ts';

type Answer = { n: number };

function counter(behaviour: (n: number, signal: AbortSignal, report: LoadReport) => Promise<Answer>) {
  const calls: string[] = [];
  const load = (key: string, signal: AbortSignal, report: LoadReport) => {
    calls.push(key);
    return behaviour(calls.length, signal, report);
  };
  return { calls, load };
}

describe('createPageDataCache', () => {
  it('reuses a fresh answer and shares one request among concurrent views', async () => {
    const api = counter(async (n) => {
      await sleep(20);
      return { n };
    });
    const cache = createPageDataCache({ ttlMs: 60_000, max: 10, budgetMs: 1000, load: api.load });
    const answers = await Promise.all([cache.get('/a'), cache.get('/a'), cache.get('/a')]);
    expect(answers.map((answer) => answer.value)).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(await cache.get('/a')).toEqual({ value: { n: 1 }, source: 'fresh' });
    expect(api.calls).toEqual(['/a']);
  });

  it('serves a stale answer at once while it revalidates, then the new one', async () => {
    const api = counter(async (n) => {
      if (n > 1) await sleep(50);
      return { n };
    });
    const cache = createPageDataCache({ ttlMs: 10, max: 10, budgetMs: 1000, load: api.load });
    await cache.get('/a');
    await sleep(20);
    expect(await cache.get('/a')).toEqual({ value: { n: 1 }, source: 'stale' });
    await sleep(80);
    expect((await cache.get('/a')).value).toEqual({ n: 2 });
  });

  it('gives up on a hanging API after the budget, and the late answer serves the next view', async () => {
    const api = counter(async () => {
      await sleep(150);
      return { n: 1 };
    });
    const cache = createPageDataCache({ ttlMs: 60_000, max: 10, budgetMs: 30, load: api.load });
    expect(await cache.get('/a')).toMatchObject({ value: null, source: 'none', reason: 'timeout' });
    await sleep(200);
    expect(await cache.get('/a')).toEqual({ value: { n: 1 }, source: 'fresh' });
    expect(api.calls).toHaveLength(1);
  });

  it('serves the last good answer when the API fails, and opens the circuit after repeated failures', async () => {
    const api = counter(async (n) => {
      if (n === 1) return { n };
      throw new Error('connect ECONNREFUSED');
    });
    const cache = createPageDataCache({
      ttlMs: 1,
      max: 10,
      budgetMs: 1000,
      failureThreshold: 3,
      cooldownMs: 60_000,
      load: api.load,
    });
    await cache.get('/a');
    for (let view = 0; view < 3; view++) {
      await sleep(5);
      expect((await cache.get('/a')).value).toEqual({ n: 1 });
    }
    expect(cache.circuitOpen).toBe(true);
    const callsWhenOpen = api.calls.length;
    expect(await cache.get('/b')).toMatchObject({ value: null, reason: 'circuit-open' });
    await sleep(5);
    expect((await cache.get('/a')).value).toEqual({ n: 1 });
    expect(api.calls.length).toBe(callsWhenOpen);
  });

  it('asks again after a load that outlived its view and then failed, stale answer or none', async () => {
    // The second load answers after the view's budget, with an error (a 503 after two seconds, a reset, the
    // load's own deadline); then the API is well again.
    const api = counter(async (n) => {
      if (n === 2) {
        await sleep(60);
        throw new Error('503 Service Unavailable');
      }
      return { n };
    });
    // A TTL long enough for the last answer to be fresh however slow the machine is between two views.
    const cache = createPageDataCache({ ttlMs: 200, max: 10, budgetMs: 20, load: api.load });
    await cache.get('/a');
    await sleep(220);
    expect(await cache.get('/a')).toMatchObject({ value: { n: 1 }, source: 'stale' });
    await sleep(80);
    // Stale again, so this view revalidates, and the next one has the new answer.
    expect((await cache.get('/a')).value).toEqual({ n: 1 });
    await sleep(5);
    expect(await cache.get('/a')).toEqual({ value: { n: 3 }, source: 'fresh' });
    expect(api.calls).toEqual(['/a', '/a', '/a']);

    // A page with nothing to serve yet: the failed late load leaves no entry behind.
    const cold = counter(async (n) => {
      if (n === 1) {
        await sleep(60);
        throw new Error('socket hang up');
      }
      return { n };
    });
    const other = createPageDataCache({ ttlMs: 60_000, max: 10, budgetMs: 20, load: cold.load });
    expect(await other.get('/b')).toMatchObject({ value: null, reason: 'timeout' });
    await sleep(80);
    expect(await other.get('/b')).toEqual({ value: { n: 2 }, source: 'fresh' });
    expect(cold.calls).toEqual(['/b', '/b']);
  });

  it('keeps at most max pages', async () => {
    const api = counter(async (n) => ({ n }));
    const cache = createPageDataCache({ ttlMs: 60_000, max: 2, budgetMs: 1000, load: api.load });
    for (const key of ['/a', '/b', '/c', '/a']) await cache.get(key);
    expect(api.calls).toEqual(['/a', '/b', '/c', '/a']);
  });
});

describe('createPageDataCache with the cache off (ttlMs 0)', () => {
  it('waits for a fresh answer on every view, and serves the last good one when the API fails', async () => {
    const api = counter(async (n) => {
      if (n === 3) throw new Error('connect ECONNREFUSED');
      await sleep(10);
      return { n };
    });
    const cache = createPageDataCache({ ttlMs: 0, max: 10, budgetMs: 1000, load: api.load });
    expect(await cache.get('/a')).toEqual({ value: { n: 1 }, source: 'fresh' });
    await sleep(5);
    expect(await cache.get('/a')).toEqual({ value: { n: 2 }, source: 'fresh' });
    await sleep(5);
    expect(await cache.get('/a')).toMatchObject({ value: { n: 2 }, source: 'stale', reason: 'error' });
    expect(api.calls).toHaveLength(3);
  });

  it('says when the circuit opens, once', async () => {
    const opened: string[] = [];
    const api = counter(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const cache = createPageDataCache({
      ttlMs: 0,
      max: 10,
      budgetMs: 1000,
      failureThreshold: 2,
      load: api.load,
      onOpen: (error) => opened.push((error as Error).message),
    });
    for (const key of ['/a', '/b', '/c', '/d']) await cache.get(key);
    expect(opened).toEqual(['connect ECONNREFUSED']);
    expect(api.calls).toEqual(['/a', '/b']);
  });

  /** A cache over an API that refuses until `up()`, opening after 2 failures for 20 ms; says what it told. */
  function outage() {
    const events: string[] = [];
    let down = true;
    const api = counter(async (n) => {
      if (down) throw new Error('connect ECONNREFUSED');
      return { n };
    });
    const outages: number[] = [];
    const cache = createPageDataCache({
      ttlMs: 0,
      max: 10,
      budgetMs: 1000,
      failureThreshold: 2,
      cooldownMs: 20,
      load: api.load,
      onOpen: () => events.push('open'),
      onRecover: (ms) => {
        outages.push(ms);
        events.push(`recovered after ${ms >= 40 ? '40 ms or more' : `${ms} ms`}`);
      },
    });
    const up = () => {
      down = false;
    };
    return { cache, events, outages, up };
  }

  it('says an outage once, however many cooldowns it lasts, and says when the API answers again', async () => {
    const { cache, events, up } = outage();
    for (let cooldown = 0; cooldown < 3; cooldown++) {
      for (const key of ['/a', '/b']) await cache.get(key);
      await sleep(25);
    }
    // Each cooldown let one request through, which failed: still the one outage.
    expect(events).toEqual(['open']);
    up();
    expect((await cache.get('/a')).source).toBe('fresh');
    expect(events).toEqual(['open', 'recovered after 40 ms or more']);
  });

  it('counts an outage from its first failure, not from the circuit opening', async () => {
    const { cache, outages, up } = outage();
    await cache.get('/a');
    // The first failure, then the one that opens the circuit 100 ms later.
    await sleep(100);
    await cache.get('/b');
    await sleep(25);
    up();
    expect((await cache.get('/a')).source).toBe('fresh');
    expect(outages).toHaveLength(1);
    expect(outages[0]).toBeGreaterThanOrEqual(120);
  });
});

describe('createPageDataCache against an API that never answers', () => {
  it('answers every view within the budget and stops asking once the circuit opens', async () => {
    const api = counter(
      (_n, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    const cache = createPageDataCache({
      ttlMs: 60_000,
      max: 10,
      budgetMs: 20,
      failureThreshold: 2,
      cooldownMs: 60_000,
      loadTimeoutMs: 100,
      load: api.load,
    });
    expect(await cache.get('/a')).toMatchObject({ reason: 'timeout' });
    expect(await cache.get('/b')).toMatchObject({ reason: 'timeout' });
    expect(cache.circuitOpen).toBe(true);
    expect(await cache.get('/c')).toMatchObject({ reason: 'circuit-open' });
    expect(api.calls).toEqual(['/a', '/b']);
  });

  it('counts one hanging load once, however many views gave up on it', async () => {
    const api = counter(
      (_n, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    const cache = createPageDataCache({
      ttlMs: 60_000,
      max: 10,
      budgetMs: 20,
      failureThreshold: 2,
      loadTimeoutMs: 500,
      load: api.load,
    });
    const views = await Promise.all([cache.get('/a'), cache.get('/a'), cache.get('/a')]);
    for (const answer of views) expect(answer).toMatchObject({ reason: 'timeout' });
    expect(cache.circuitOpen).toBe(false);
    expect(api.calls).toEqual(['/a']);
  });
});

describe('createPageDataCache and what loads report of their requests', () => {
  it('does not count loads that waited their turn on this side past the budget: the view is told "busy"', async () => {
    const api = counter(async (n, _signal, report) => {
      report.queued();
      await sleep(60);
      return { n };
    });
    const cache = createPageDataCache({
      ttlMs: 60_000,
      max: 10,
      budgetMs: 10,
      failureThreshold: 2,
      load: api.load,
    });
    const views = await Promise.all(['/a', '/b', '/c', '/d'].map((key) => cache.get(key)));
    for (const view of views) expect(view).toMatchObject({ source: 'none', reason: 'busy' });
    expect(cache.circuitOpen).toBe(false);
  });

  it('counts a load whose request the API held past the budget, even one that waited first', async () => {
    const api = counter(async (n, _signal, report) => {
      report.queued();
      report.unanswered();
      await sleep(60);
      return { n };
    });
    const cache = createPageDataCache({
      ttlMs: 60_000,
      max: 10,
      budgetMs: 10,
      failureThreshold: 2,
      load: api.load,
    });
    await Promise.all([cache.get('/a'), cache.get('/b')]);
    expect(cache.circuitOpen).toBe(true);
  });

  it('does not count failures the API is not blamed for (requests never sent)', async () => {
    const api = counter(async () => {
      throw new Error('not sent');
    });
    const cache = createPageDataCache({
      ttlMs: 60_000,
      max: 10,
      budgetMs: 1000,
      failureThreshold: 2,
      load: api.load,
      blames: (error) => (error as Error).message !== 'not sent',
    });
    for (const key of ['/a', '/b', '/c']) expect(await cache.get(key)).toMatchObject({ reason: 'error' });
    expect(cache.circuitOpen).toBe(false);
  });

  it('asks for at most newKeysPerMinute keys it holds nothing for; known keys are not capped', async () => {
    const api = counter(async (n) => ({ n }));
    const cache = createPageDataCache({
      ttlMs: 60_000,
      max: 100,
      budgetMs: 1000,
      newKeysPerMinute: 3,
      load: api.load,
    });
    const keys = ['/1', '/2', '/3', '/4', '/5'];
    const views = [];
    for (const key of keys) views.push(await cache.get(key));
    expect(views.map((view) => (view.source === 'fresh' ? 'fresh' : view.reason))).toEqual([
      'fresh',
      'fresh',
      'fresh',
      'capped',
      'capped',
    ]);
    expect(api.calls).toEqual(['/1', '/2', '/3']);
    expect(await cache.get('/1')).toEqual({ value: { n: 1 }, source: 'fresh' });
  });
});
