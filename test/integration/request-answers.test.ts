// The request-time pass over real HTTP to the reference server, behind a proxy that counts and can refuse:
// with credentials the API refuses (a wrong or revoked application password) pages keep their public
// schemas, said once, and the refused probe is not asked again on every view; a page whose loads fail is
// said once while they fail, whatever each failure is called.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { resolveOptions } from '../../src/integration/options.ts';
import { type RequestAnswers, requestAnswers } from '../../src/integration/request-answers.ts';
import { ADMIN, type RunningApi, SITE, startApi } from './support/api.ts';
import { type ApiProxy, startApiProxy } from './support/api-proxy.ts';

let api: RunningApi;
let proxy: ApiProxy;
const said: string[] = [];

const logger = () => ({
  info: (message: string) => said.push(`info ${message}`),
  warn: (message: string) => said.push(`warn ${message}`),
  error: (message: string) => said.push(`error ${message}`),
});

beforeAll(async () => {
  api = await startApi({
    schemas: [
      ...[1, 2, 3].map((n) => ({
        url: `${SITE}/p/${n}/`,
        schema_type: 'WebPage',
        schema_name: `page ${n}`,
        schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: `Page ${n}` },
      })),
      {
        url: `${SITE}/flawed/`,
        schema_type: 'Article',
        schema_name: 'flawed',
        schema_data: { '@context': 'https://schema.org', '@type': 'Article', datePublished: 'yesterday' },
      },
      // One CMS template's mistake in three pages' records.
      ...[1, 2, 3].map((n) => ({
        url: `${SITE}/same/${n}/`,
        schema_type: 'Article',
        schema_name: `same ${n}`,
        schema_data: { '@context': 'https://schema.org', '@type': 'Article', datePublished: 'last week' },
      })),
      {
        url: `${SITE}/product/`,
        schema_type: 'Product',
        schema_name: 'bare',
        schema_data: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Trail Runner',
          image: `${SITE}/runner.jpg`,
          offers: { '@type': 'Offer', price: '129.00', priceCurrency: 'EUR' },
        },
      },
    ],
    meta: [{ url: `${SITE}/p/1/`, title: 'Only with manage_options' }],
  });
  proxy = await startApiProxy(api.baseUrl);
});

afterAll(async () => {
  await proxy?.close();
  await api?.close();
});

function answersWith(password: string): RequestAnswers {
  const env = { SCHEMA_MANAGER_API: `${proxy.url}${new URL(api.baseUrl).pathname}` };
  return requestAnswers({
    config: {
      options: resolveOptions({ validate: 'warn' }, env),
      layout: { site: SITE, base: '/', format: 'directory', trailingSlash: 'ignore', fallbackType: null },
      command: 'dev',
      userAgent: 'request-credentials-test',
    },
    credentials: { username: ADMIN.name, password },
    logger,
  });
}

const page = (n: number) => ({ url: `${SITE}/p/${n}/`, pathname: `/p/${n}/` });

test('a refused password: pages get their public schemas, said once, with one probe for all views', async () => {
  const answers = answersWith('Wron gPas sWor dWro ngPa ssWo');
  try {
    for (const n of [1, 2, 3, 1, 2, 3]) {
      const answer = await answers.answer(page(n));
      answers.sayWhyNot(page(n), answer);
      expect(answer.source).toBe('fresh');
      expect(answer.value?.data.schemas.map((record) => record.schema_name)).toEqual([`page ${n}`]);
      // Meta needs manage_options, which an anonymous reader lacks: none is asked for, none served.
      expect(answer.value?.data.meta).toBeNull();
    }
    const warnings = said.filter((line) => line.startsWith('warn'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warn probe: the API did not accept the credentials of user "builder"/);
    expect(warnings[0]).toMatch(
      /\)\. Hint: .*\. Until the credentials are accepted, pages get only their public schemas \(\/schemas-by-url\), without meta or social tags\.$/,
    );
    expect(warnings[0]).not.toContain('Wron gPas');
    // The probe (the namespace index) was refused once; each page read once, as anyone would read it.
    const { pathname } = new URL(api.baseUrl);
    expect(proxy.requests).toEqual([
      pathname,
      ...[1, 2, 3].map((n) => `${pathname}/schemas-by-url?url=${encodeURIComponent(`${SITE}/p/${n}/`)}`),
    ]);
  } finally {
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test('the right password reads meta too, and says nothing of credentials', async () => {
  const answers = answersWith(ADMIN.password);
  try {
    const answer = await answers.answer(page(1));
    expect(answer.value?.data.meta?.title).toBe('Only with manage_options');
    expect(said.filter((line) => /credentials/.test(line))).toEqual([]);
  } finally {
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test('an API that cannot be reached is said once for all pages, not once for each page viewed', async () => {
  const answers = answersWith(ADMIN.password);
  const naming = () => said.filter((line) => line.startsWith('warn') && /\/p\/\d\//.test(line));
  try {
    await proxy.setMode('refuse');
    // The probe, which every page's load asks first, fails: three pages open the breaker, two more are left alone.
    for (const n of [1, 2, 3, 4, 5]) {
      const answer = await answers.answer(page(n));
      expect(answer.source).toBe('none');
      answers.sayWhyNot(page(n), answer);
    }
    const failed = said.filter((line) => line.startsWith('warn the API failed ('));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(
      /^warn the API failed \(probe: .*\); until it answers, pages get their last good head data, or none\.$/,
    );
    expect(said.filter((line) => line.includes('failed repeatedly'))).toHaveLength(1);
    // Closing says the lines about pages that wait to be grouped.
    await answers.close();
    expect(naming()).toEqual([]);
  } finally {
    await proxy.setMode('pass');
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test('a page whose own reads fail is said once while they fail, and pages the open breaker leaves alone not at all', async () => {
  const answers = answersWith(ADMIN.password);
  const failing = () => said.filter((line) => line.startsWith('warn') && line.includes('/p/2/:'));
  try {
    // A first view probes the API, which is then trusted for a minute: what fails next is the page's read.
    expect((await answers.answer(page(1))).source).toBe('fresh');
    await proxy.setMode('refuse');
    // Three failures open the breaker; the views after it are "left alone", not refused: one line for all.
    for (let view = 0; view < 6; view++) {
      const answer = await answers.answer(page(2));
      expect(answer.source).toBe('none');
      answers.sayWhyNot(page(2), answer);
    }
    await expect.poll(() => failing().length).toBeGreaterThan(0);
    expect(failing()).toHaveLength(1);
    expect(failing()[0]).toMatch(/\/p\/2\/: .*; served without head data\.$/);
    expect(said.filter((line) => line.includes('failed repeatedly'))).toHaveLength(1);
    // Other pages viewed while the breaker is open: the outage was said once, for every page, not again each.
    for (const n of [3, 4, 5]) {
      const answer = await answers.answer(page(n));
      expect(answer).toMatchObject({ source: 'none', reason: 'circuit-open' });
      answers.sayWhyNot(page(n), answer);
    }
    await answers.close();
    expect(said.filter((line) => line.startsWith('warn') && /\/p\/[345]\//.test(line))).toEqual([]);
  } finally {
    await proxy.setMode('pass');
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test("a page's findings are said once, whether it is viewed with its trailing slash or without", async () => {
  const answers = answersWith(ADMIN.password);
  try {
    for (const pathname of ['/flawed/', '/flawed', '/flawed/', '/flawed']) {
      const view = { url: `${SITE}${pathname}`, pathname };
      answers.sayWhyNot(view, await answers.answer(view));
    }
    // Lines about pages are said a moment after the views, grouped with any other page's of the same cause.
    await expect.poll(() => said.filter((line) => line.includes('datePublished')).length).toBeGreaterThan(0);
    const findings = said.filter((line) => line.includes('datePublished'));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^warn https:\/\/.*\/flawed\/? .*\[invalid-value\]/);
  } finally {
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test("a record's absent recommended fields are one line of the log, not one per field", async () => {
  const answers = answersWith(ADMIN.password);
  try {
    const view = { url: `${SITE}/product/`, pathname: '/product/' };
    answers.sayWhyNot(view, await answers.answer(view));
    await expect.poll(() => said.filter((line) => line.includes('/product/')).length).toBeGreaterThan(0);
    const lines = said.filter((line) => line.includes('/product/'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^warn https:\/\/\S+\/product\/ #\d+ Product "bare" at \$: \[google-missing-recommended\] Google's Merchant listing rich result recommends "description", "brand\.name", "sku", "gtin" \(or "gtin8", .*"mpn"\), "aggregateRating", and "review"\. See https:/,
      ),
      expect.stringMatching(
        /\$\.offers\.availability: \[google-missing-recommended\] .* recommends "availability"\./,
      ),
    ]);
  } finally {
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test('a finding standing on many pages is one line naming how many', async () => {
  const answers = answersWith(ADMIN.password);
  try {
    await Promise.all(
      [1, 2, 3].map(async (n) => {
        const view = { url: `${SITE}/same/${n}/`, pathname: `/same/${n}/` };
        answers.sayWhyNot(view, await answers.answer(view));
      }),
    );
    await answers.close();
    const lines = said.filter((line) => line.includes('last week'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn https:\/\/\S+\/same\/\d\/ \(and 2 other pages\) .*\[invalid-value\]/);
  } finally {
    said.length = 0;
    proxy.requests.length = 0;
  }
});

test('an answered probe past its minute is asked again in the background: loads do not wait on it', async () => {
  const answers = answersWith(ADMIN.password);
  try {
    expect((await answers.answer(page(1))).source).toBe('fresh');
    // A minute later by the clock (timers run as usual), with the probe's reads held at the API.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const held = proxy.hold((path) => path.includes('per_page=1') || path === new URL(api.baseUrl).pathname);
    const answer = await answers.answer(page(2));
    // The probe was asked again, and is still held: the page was read with the last answer meanwhile.
    expect(held.held()).toBeGreaterThan(0);
    expect(answer.source).toBe('fresh');
    held.release();
  } finally {
    vi.useRealTimers();
    await answers.close();
    said.length = 0;
    proxy.requests.length = 0;
  }
});
