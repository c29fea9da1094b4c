// The bounded pools: at most `limit` calls run at once, queued calls start in the order they came, and a long
// queue (a build queues a call a page) is worked through whole.
import { expect, test } from 'vitest';
import { createLimit, mapConcurrently } from '../src/map-concurrently.ts';

test('createLimit: never more than the limit at once, queued calls started first come first, thousands queued', async () => {
  const limit = createLimit(3);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const calls = Array.from({ length: 5000 }, (_, index) =>
    limit(async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return index * 2;
    }),
  );
  const results = await Promise.all(calls);
  expect(results).toEqual(Array.from({ length: 5000 }, (_, index) => index * 2));
  expect(most).toBe(3);
  expect(started).toEqual(Array.from({ length: 5000 }, (_, index) => index));
  // A call after the queue ran dry starts at once.
  expect(await limit(async () => 'late')).toBe('late');
});

test('createLimit: a call that fails frees its place', async () => {
  const limit = createLimit(1);
  const failed = limit(async () => {
    throw new Error('no');
  });
  await expect(failed).rejects.toThrow('no');
  expect(await limit(async () => 'next')).toBe('next');
});

test('createLimit: a waiting call whose signal aborts leaves the queue at once, never runs, and keeps no place', async () => {
  const limit = createLimit(1);
  let release = () => {};
  const first = limit(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
  const controller = new AbortController();
  let ran = false;
  let waited = 0;
  const given = limit(
    async () => {
      ran = true;
    },
    { signal: controller.signal, onWait: () => waited++ },
  );
  const after = limit(async () => 'after');
  controller.abort(new Error('gave up'));
  await expect(given).rejects.toThrow('gave up');
  release();
  expect(await first).toBe('first');
  // The place went to the next call waiting, not to the one that left.
  expect(await after).toBe('after');
  expect(ran).toBe(false);
  expect(waited).toBe(1);
});

test('createLimit: a finished call hands its place to the next waiting, so a call arriving meanwhile waits', async () => {
  const limit = createLimit(1);
  let running = 0;
  let most = 0;
  const work = async () => {
    most = Math.max(most, ++running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
  };
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const calls = [limit(() => gate), limit(work)];
  // Runs right after the first call ends, before the second (woken) has started: it must not take the place.
  const third = gate.then(() => limit(work));
  open();
  await Promise.all([...calls, third]);
  expect(most).toBe(1);
});

test('mapConcurrently: results in input order, whatever order the calls end in', async () => {
  const delays = [30, 0, 20, 5, 10];
  const results = await mapConcurrently(delays, 2, async (ms) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return ms;
  });
  expect(results).toEqual(delays);
});
