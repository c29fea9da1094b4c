// A call's signal ends at its bound or a caller's abort, and once released holds on to neither.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { startCallBound } from '../../src/client/call-bound.ts';

it('aborts at its bound with a TimeoutError, and says the bound ended it', async () => {
  const bound = startCallBound(20, []);
  await sleep(40);
  expect(bound.signal.aborted).toBe(true);
  expect((bound.signal.reason as DOMException).name).toBe('TimeoutError');
  expect(bound.passed()).toBe(true);
});

it("follows a caller's abort, already given or later, without saying the bound passed", () => {
  const caller = new AbortController();
  const bound = startCallBound(60_000, [undefined, caller.signal]);
  caller.abort(new Error('stop'));
  expect(bound.signal.aborted).toBe(true);
  expect(bound.passed()).toBe(false);
  bound.release();
  const early = startCallBound(60_000, [caller.signal]);
  expect(early.signal.reason).toEqual(new Error('stop'));
  early.release();
});

it('once released, neither its timer nor a caller aborts it', async () => {
  const caller = new AbortController();
  const bound = startCallBound(20, [caller.signal]);
  bound.release();
  await sleep(40);
  caller.abort();
  expect(bound.signal.aborted).toBe(false);
  expect(bound.passed()).toBe(false);
});
