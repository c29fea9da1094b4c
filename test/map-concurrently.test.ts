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

test('mapConcurrently: results in input order, whatever order the calls end in', async () => {
  const delays = [30, 0, 20, 5, 10];
  const results = await mapConcurrently(delays, 2, async (ms) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return ms;
  });
  expect(results).toEqual(delays);
});
