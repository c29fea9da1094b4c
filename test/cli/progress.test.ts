import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { startProgress } from '../../src/cli/progress.ts';

/** A stream that is not a terminal, and what was written to it. */
function plainStream() {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

test('without a terminal: a line per tenth of the work, and the last one once', () => {
  const out = plainStream();
  const progress = startProgress('Writing', { total: 25, stream: out.stream });
  for (let i = 0; i < 25; i++) progress.add();
  progress.done();
  const lines = out.text().trim().split('\n');
  expect(lines).toHaveLength(10);
  expect(lines[0]).toBe('Writing: 3/25');
  expect(lines.at(-1)).toBe('Writing: 25/25');
});

test('counts as the summaries write them, thousands separated', () => {
  const out = plainStream();
  const progress = startProgress('Reading', { total: 19_999, stream: out.stream });
  progress.add(19_999);
  progress.done();
  expect(out.text()).toBe('Reading: 19,999/19,999\n');
});

test('more work than announced (a list read again) grows the total, never past it', () => {
  const out = plainStream();
  const progress = startProgress('Reading', { total: 10, stream: out.stream });
  progress.add(5);
  progress.add(5);
  progress.add(10);
  progress.done();
  expect(out.text()).toBe('Reading: 5/10\nReading: 10/10\nReading: 20/20\n');
});

test('without a total: a line every hundred items and at the end', () => {
  const out = plainStream();
  const progress = startProgress('Reading', { total: null, stream: out.stream });
  progress.add(150);
  progress.add(60);
  progress.done();
  expect(out.text()).toBe('Reading: 150\nReading: 210\n');
  const short = plainStream();
  const few = startProgress('Reading', { total: null, stream: short.stream });
  few.add(40);
  few.done();
  expect(short.text()).toBe('Reading: 40\n');
});

test('short work, no work and --json show nothing', () => {
  const out = plainStream();
  for (const options of [{ total: 5, from: 20 }, { total: 0 }, { total: 100, quiet: true }]) {
    const progress = startProgress('Writing', { ...options, stream: out.stream });
    progress.add(5);
    progress.done();
  }
  expect(out.text()).toBe('');
});
