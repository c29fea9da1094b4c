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

test('a watched line is read and logged every interval until the next update or stop', () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  const progress = throttledProgress((line) => lines.push(line), 5000);
  let answered = 0;
  progress.watch(() => `${answered}/10 answered`);
  vi.advanceTimersByTime(5000);
  answered = 4;
  vi.advanceTimersByTime(5000);
  expect(lines).toEqual(['0/10 answered', '4/10 answered']);
  progress.update(() => '1/2 pages');
  vi.advanceTimersByTime(10_000);
  expect(lines).toEqual(['0/10 answered', '4/10 answered', '1/2 pages']);
  progress.watch(() => 'again');
  progress.stop();
  vi.advanceTimersByTime(10_000);
  expect(lines).toHaveLength(3);
});
