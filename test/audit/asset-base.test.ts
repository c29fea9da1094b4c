// The base path a built site's own files say it is served under.
import { describe, expect, it } from 'vitest';
import { assetBasesOf, commonAssetBase } from '../../src/audit/asset-base.ts';

const files = new Set(['_next/static/chunks/app.js', 'docs/logo.png', 'img/a b.png', 'app.js']);
const bases = (html: string) => assetBasesOf(html, files).map(({ base }) => base);

describe('assetBasesOf', () => {
  it('takes the shortest prefix that leaves a file of the directory, query and fragment aside', () => {
    expect(bases('<script src="/docs/_next/static/chunks/app.js?v=1#x"></script>')).toEqual(['/docs/']);
    expect(bases('<link rel="icon" href="/docs/logo.png">')).toEqual(['/']);
    expect(bases('<img src="/a/b/img/a%20b.png">')).toEqual(['/a/b/']);
  });
  it("reads nothing into another host's, a relative or an unknown address", () => {
    expect(
      bases('<script src="//cdn.example/app.js"></script><img src="./app.js"><a href="/docs/intro">'),
    ).toEqual([]);
  });
});

describe('commonAssetBase', () => {
  it('takes the base most addresses are under, and the root where as many are there', () => {
    const at = (base: string) => ({ base, example: `${base}x.js` });
    expect(commonAssetBase([at('/docs/'), at('/docs/'), at('/')])).toEqual(at('/docs/'));
    expect(commonAssetBase([at('/docs/'), at('/')])).toEqual(at('/'));
    expect(commonAssetBase([])).toBeNull();
  });
});
