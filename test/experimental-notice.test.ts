import { afterEach, expect, test, vi } from 'vitest';
import { SQLITE_NOTICE, withoutExperimentalNotice } from '../src/experimental-notice.ts';

const emitted: unknown[][] = [];
const spy = vi.spyOn(process, 'emitWarning').mockImplementation((...args: unknown[]) => {
  emitted.push(args);
});

afterEach(() => {
  emitted.length = 0;
});

test("the named ExperimentalWarning is held back while `make` runs, in each of Node's ways of giving its type", () => {
  const made = withoutExperimentalNotice(SQLITE_NOTICE, () => {
    process.emitWarning(`${SQLITE_NOTICE} and might change at any time`, 'ExperimentalWarning');
    process.emitWarning(`${SQLITE_NOTICE} and might change`, { type: 'ExperimentalWarning' });
    const error = new Error(`${SQLITE_NOTICE}.`);
    error.name = 'ExperimentalWarning';
    process.emitWarning(error);
    return 42;
  });
  expect(made).toBe(42);
  expect(emitted).toEqual([]);
});

test('every other warning goes through, with its arguments, and so does the notice outside `make`', () => {
  withoutExperimentalNotice(SQLITE_NOTICE, () => {
    process.emitWarning('Something else is experimental', 'ExperimentalWarning');
    process.emitWarning(`${SQLITE_NOTICE}, said as a deprecation`, 'DeprecationWarning', 'DEP0001');
  });
  process.emitWarning(`${SQLITE_NOTICE} and might change at any time`, 'ExperimentalWarning');
  expect(emitted).toEqual([
    ['Something else is experimental', 'ExperimentalWarning'],
    [`${SQLITE_NOTICE}, said as a deprecation`, 'DeprecationWarning', 'DEP0001'],
    [`${SQLITE_NOTICE} and might change at any time`, 'ExperimentalWarning'],
  ]);
});

test('process.emitWarning is given back when `make` throws', () => {
  expect(() =>
    withoutExperimentalNotice(SQLITE_NOTICE, () => {
      throw new Error('failed to open');
    }),
  ).toThrow('failed to open');
  expect(process.emitWarning).toBe(spy);
});
