// push matches the file's entries to the server's records as the build matches pages: a URL in any spelling
// of its escapes is one page, so pushing a file written by hand never doubles what the CMS already holds.
import { describe, expect, test } from 'vitest';
import { desiredSchemas, planSchemas, planTags, storedOtherwise } from '../../src/cli/push-plan.ts';
import { describePlan, describe as describeStep } from '../../src/cli/push-report.ts';
import type { MetaTags, SchemaRecord, SocialTags } from '../../src/client/index.ts';

const stored = 'https://www.example.com/caf%C3%A9/';
const typed = 'https://www.example.com/café/';
const doc = { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Café' };

function record(fields: Partial<SchemaRecord>): SchemaRecord {
  return {
    id: 1,
    url: stored,
    schema_type: 'WebPage',
    schema_name: 'Café',
    schema_data: JSON.stringify(doc),
    data: doc,
    is_active: true,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...fields,
  } as SchemaRecord;
}

test('a schema given under another spelling of a stored URL is that record, not a new one', () => {
  const file = {
    schemas: [{ url: typed, schema_type: 'WebPage', schema_name: 'Café', schema_data: doc }],
    meta: [],
    social: [],
  };
  expect(planSchemas(desiredSchemas(file), [record({})], { prune: true }).map((step) => step.action)).toEqual(
    ['unchanged'],
  );
  const entry = { url: typed, schema_type: 'WebPage', schema_name: 'Café', schema_data: doc };
  const changed = { ...file, schemas: [{ ...entry, schema_data: { ...doc, name: 'Le café' } }] };
  const [step] = planSchemas(desiredSchemas(changed), [record({})], { prune: true });
  expect(step).toMatchObject({ action: 'update', id: 1, changes: ['schema_data'] });
  // Another page is still another page.
  const other = { ...file, schemas: [{ ...entry, url: 'https://www.example.com/cafe/' }] };
  expect(
    planSchemas(desiredSchemas(other), [record({})], { prune: true }).map((step) => step.action),
  ).toEqual(['create', 'delete']);
});

test('meta and social given under another spelling are written under the spelling the server holds', () => {
  const meta = [{ url: 'https://www.example.com/caf%c3%a9/', title: 'Old' } as MetaTags];
  const social = [{ url: stored, og: { title: 'Old' }, twitter: {} } as unknown as SocialTags];
  const steps = planTags(
    { schemas: [], meta: [{ url: typed, title: 'New' }], social: [{ url: typed, og: { title: 'New' } }] },
    meta,
    social,
  );
  expect(steps).toEqual([
    expect.objectContaining({
      kind: 'meta',
      url: 'https://www.example.com/caf%c3%a9/',
      fields: { title: 'New' },
    }),
    expect.objectContaining({ kind: 'social', url: stored, fields: { og: { title: 'New' } } }),
  ]);
  // Nothing to write when the values already match, whatever the spelling.
  expect(planTags({ schemas: [], meta: [{ url: typed, title: 'Old' }], social: [] }, meta, social)).toEqual(
    [],
  );
});

test('an empty field is no field: it clears a value once, then a second push finds nothing to do', () => {
  const url = 'https://www.example.com/about/';
  const file = { schemas: [], meta: [{ url, title: '' }], social: [{ url, og: { title: '' } }] };
  const held = [{ url, title: 'About', description: null } as unknown as MetaTags];
  expect(planTags(file, held, [])).toEqual([
    expect.objectContaining({ kind: 'meta', url, fields: { title: '' } }),
  ]);
  // The CMS stores "" as none.
  const cleared = [{ url, title: null, description: null } as unknown as MetaTags];
  const socialCleared = [{ url, og: { title: null }, twitter: {} } as unknown as SocialTags];
  expect(planTags(file, cleared, socialCleared)).toEqual([]);
});

test('a page new to the API is planned as created, its fields from none; a cleared field goes to none', () => {
  const url = 'https://www.example.com/new/';
  const steps = planTags(
    { schemas: [], meta: [{ url, title: 'New page' }], social: [{ url, og: { title: 'New page' } }] },
    [],
    [],
  );
  expect(steps.map(describeStep)).toEqual([
    `+ meta ${url}\n    title: (none) → "New page"`,
    `+ social ${url}\n    og.title: (none) → "New page"`,
  ]);
  const held = [{ url, title: 'About', description: null } as unknown as MetaTags];
  expect(
    planTags({ schemas: [], meta: [{ url, title: '' }], social: [] }, held, []).map(describeStep),
  ).toEqual([`~ meta ${url}\n    title: "About" → (none)`]);
  // Three new pages given the same fields are one entry of the plan, still a creation.
  const urls = [1, 2, 3].map((n) => `https://www.example.com/${n}/`);
  const many = planTags(
    { schemas: [], meta: urls.map((at) => ({ url: at, title: 'Same' })), social: [] },
    [],
    [],
  );
  expect(describePlan(many)[0]).toMatch(/^\+ meta of 3 pages, the same change on each/);
});

describe('a schema renamed or retyped in the files', () => {
  const url = 'https://www.example.com/post/';
  const article = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Post' };
  const held = (fields: Partial<SchemaRecord>) =>
    record({
      url,
      schema_type: 'Article',
      schema_name: 'Old name',
      schema_data: JSON.stringify(article),
      data: article,
      ...fields,
    });
  const given = (fields: Record<string, unknown>) => ({
    schemas: [{ url, schema_type: 'Article', schema_name: 'New name', schema_data: article, ...fields }],
    meta: [],
    social: [],
  });

  test('with --prune updates the record it was, keeping its id, instead of a create and a delete', () => {
    expect(planSchemas(desiredSchemas(given({})), [held({ id: 7 })], { prune: true })).toEqual([
      expect.objectContaining({
        action: 'update',
        id: 7,
        changes: ['schema_name'],
        details: [{ path: 'schema_name', from: 'Old name', to: 'New name' }],
      }),
    ]);
  });

  test('retyped and renamed (as bulk fix does) pairs by its document when the type no longer matches', () => {
    const retyped = given({ schema_type: 'BlogPosting', schema_name: 'BlogPosting' });
    const [step] = planSchemas(desiredSchemas(retyped), [held({ id: 7 })], { prune: true });
    expect(step).toMatchObject({ action: 'update', id: 7, changes: ['schema_type', 'schema_name'] });
  });

  test('without --prune creates it and names the record left beside it', () => {
    const [step] = planSchemas(desiredSchemas(given({})), [held({ id: 7 })], { prune: false });
    expect(step).toMatchObject({ action: 'create', beside: { id: 7 } });
  });

  test('of two records of its type, pairs the one with its document', () => {
    const two = [held({ id: 7 }), held({ id: 8, schema_name: 'Other', schema_data: '{"@type":"Article"}' })];
    expect(planSchemas(desiredSchemas(given({})), two, { prune: true })).toEqual([
      expect.objectContaining({ action: 'update', id: 7, changes: ['schema_name'] }),
      expect.objectContaining({ action: 'delete', record: expect.objectContaining({ id: 8 }) }),
    ]);
  });

  test('pairs nothing when the page leaves a doubt, or the record is outside what was pulled', () => {
    // Two articles the files no longer name, neither with the new one's document: which was renamed?
    const two = [held({ id: 7 }), held({ id: 8, schema_name: 'Other', schema_data: '{"@type":"Article"}' })];
    const edited = given({ schema_data: { ...article, headline: 'Edited' } });
    expect(planSchemas(desiredSchemas(edited), two, { prune: true }).map((step) => step.action)).toEqual([
      'create',
      'delete',
      'delete',
    ]);
    const otherPage = [held({ id: 7, url: 'https://www.example.com/other/' })];
    expect(planSchemas(desiredSchemas(given({})), otherPage, { prune: true }).map((s) => s.action)).toEqual([
      'create',
      'delete',
    ]);
    const outside = planSchemas(desiredSchemas(given({})), [held({ id: 7 })], {
      prune: true,
      selection: [{ type: 'FAQPage' }],
    });
    expect(outside.map((step) => step.action)).toEqual(['create']);
  });
});

describe('what a write stored otherwise than it sent (a plugin that cleans its input)', () => {
  const file = {
    schemas: [{ url: stored, schema_type: 'WebPage', schema_name: ' Café ', schema_data: doc }],
    meta: [{ url: stored, title: '<b>Hi</b>', description: 'Same' }],
    social: [{ url: stored, og: { title: 'OG' } }],
  };
  const [create] = planSchemas(desiredSchemas(file), [], { prune: false });
  const [meta, social] = planTags(file, [], []);

  test('a record stored as sent, key order and all, is no change', () => {
    const reordered = JSON.stringify({ name: 'Café', '@type': 'WebPage', '@context': 'https://schema.org' });
    expect(storedOtherwise(create!, record({ schema_name: ' Café ', schema_data: reordered }))).toEqual([]);
    expect(storedOtherwise(meta!, { url: stored, title: '<b>Hi</b>', description: 'Same' })).toEqual([]);
    expect(storedOtherwise(social!, { url: stored, og: { title: 'OG' }, twitter: {} })).toEqual([]);
  });

  test('a cleaned name or field is named sent -> stored', () => {
    expect(storedOtherwise(create!, record({ schema_name: 'Café' }))).toEqual([
      { path: 'schema_name', from: ' Café ', to: 'Café' },
    ]);
    expect(storedOtherwise(meta!, { url: stored, title: 'Hi', description: 'Same' })).toEqual([
      { path: 'title', from: '<b>Hi</b>', to: 'Hi' },
    ]);
    expect(storedOtherwise(social!, { url: stored, og: {}, twitter: {} })).toEqual([
      { path: 'og.title', from: 'OG', to: undefined },
    ]);
  });

  test('a document whose backslashes were stripped is shown from where the texts part', () => {
    const quoted = { ...doc, name: 'say "hi"' };
    const [step] = planSchemas(
      desiredSchemas({ ...file, schemas: [{ ...file.schemas[0]!, schema_data: quoted }] }),
      [],
      { prune: false },
    );
    const unslashed = JSON.stringify(quoted).replaceAll('\\', '');
    const [change] = storedOtherwise(
      step!,
      record({ schema_name: ' Café ', schema_data: unslashed, data: null }),
    );
    expect(change).toEqual({
      path: 'schema_data (text, from character 54)',
      from: 'ame":"say \\"hi\\""}',
      to: 'ame":"say "hi""}',
    });
  });
});
