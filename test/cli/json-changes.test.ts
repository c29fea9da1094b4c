import { describe, expect, it } from 'vitest';
import { jsonChanges, showValue } from '../../src/cli/json-changes.ts';

describe('jsonChanges', () => {
  it('lists changed, added and removed leaves in document order', () => {
    expect(
      jsonChanges(
        { '@type': 'Article', headline: 'A', author: { name: 'X' }, tags: ['a'] },
        { '@type': 'Article', headline: 'B', author: { name: 'X', url: 'https://x.dev' }, tags: [] },
      ),
    ).toEqual([
      { path: '$.headline', from: 'A', to: 'B' },
      { path: '$.author.url', from: undefined, to: 'https://x.dev' },
      { path: '$.tags[0]', from: 'a', to: undefined },
    ]);
    expect(jsonChanges({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
    expect(jsonChanges({ a: { b: 1 } }, { a: 'text' })).toEqual([
      { path: '$.a', from: { b: 1 }, to: 'text' },
    ]);
  });

  it('stops at the limit and survives any depth', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(jsonChanges({}, many, 3)).toHaveLength(3);
    let deepA: unknown = 1;
    let deepB: unknown = 2;
    for (let i = 0; i < 50_000; i++) {
      deepA = { x: deepA };
      deepB = { x: deepB };
    }
    const [change] = jsonChanges(deepA, deepB);
    expect(change?.path.endsWith('.x.x')).toBe(true);
    expect(showValue(deepA)).toBe('(too deep to show)');
  });

  it('shows values short', () => {
    expect(showValue(undefined)).toBe('(none)');
    expect(showValue('a'.repeat(100), 10)).toBe('"aaaaaaaa…');
  });

  it('shows what JSON leaves raw, C1 controls, line separators and bidirectional controls, escaped', () => {
    // A CSI (\x9b) clears the screen in some terminals, U+2028 breaks a line in others, and U+202E shows the
    // rest of the line reversed.
    expect(showValue('a\u009b2Jb\u2028c\u202ed')).toBe('"a\\x9b2Jb\\u2028c\\u202ed"');
    expect(showValue('plain é')).toBe('"plain é"');
  });
});
