import { afterEach, expect, test, vi } from 'vitest';
import { throttledProgress } from '../../src/integration/progress.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('logs the latest progress once per interval, nothing when nothing changed, and nothing after stop', () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  const progress = throttledProgress((line) => lines.push(line), 5000);
  for (let done = 1; done <= 300; done++) progress.update(() => `${done}/300 pages`);
  expect(lines).toEqual([]);
  vi.advanceTimersByTime(5000);
  expect(lines).toEqual(['300/300 pages']);
  vi.advanceTimersByTime(5000);
  expect(lines).toEqual(['300/300 pages']);
  progress.update(() => 'later');
  progress.stop();
  vi.advanceTimersByTime(10_000);
  expect(lines).toEqual(['300/300 pages']);
});
