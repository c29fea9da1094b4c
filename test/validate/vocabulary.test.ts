import { describe, expect, it } from 'vitest';
import { loadVocabulary } from '../../src/validate/vocabulary/vocabulary.ts';

describe('the compiled Schema.org vocabulary', () => {
  const vocab = loadVocabulary();
  const isA = (a: string, b: string) => vocab.isA(vocab.id(a), vocab.id(b));

  it('knows the DataType hierarchy', () => {
    for (const name of [
      'Text',
      'URL',
      'Number',
      'Integer',
      'Float',
      'Date',
      'DateTime',
      'Time',
      'Boolean',
      'PronounceableText',
    ]) {
      expect(vocab.isDataType[vocab.id(name)], name).toBe(1);
    }
    expect(isA('URL', 'Text')).toBe(true);
    expect(isA('Integer', 'Number')).toBe(true);
    expect(isA('Date', 'Text')).toBe(false);
    // 30.0 (PR #4777): Quantity and its subclasses are DataTypes.
    expect(vocab.isDataType[vocab.id('Duration')]).toBe(1);
    expect(vocab.isDataType[vocab.id('QuantitativeValue')]).toBe(0);
  });
  it('is Schema.org 30.0: the package plus the dated overlay', () => {
    expect(vocab.version).toBe('30.0');
    expect(vocab.source).toMatch(/^Schema\.org 30\.0 \(2026-03-19\)/);
    expect(isA('EducationalOccupationalCredential', 'Credential')).toBe(true);
    expect(vocab.pending.has('Credential')).toBe(true);
    const names = (property: string, side: 'ranges' | 'domains') =>
      vocab.properties.get(property)![side].map((id) => vocab.typeNames[id]);
    expect(names('previousStartDate', 'ranges')).toEqual(['Date', 'DateTime']);
    expect(names('hasCredential', 'ranges')).toEqual(['Credential']);
    expect(names('jobDuration', 'domains')).toEqual(['JobPosting']);
    expect(names('floorLevel', 'domains')).toEqual(expect.arrayContaining(['LocalBusiness', 'Residence']));
    expect(vocab.members.get('DEPublicCharity')?.map((id) => vocab.typeNames[id])).toEqual([
      'DENonprofitType',
    ]);
  });
  it('closes superclasses transitively, across several parents', () => {
    expect(isA('NewsArticle', 'CreativeWork')).toBe(true);
    expect(isA('Restaurant', 'Organization')).toBe(true);
    expect(isA('Restaurant', 'Place')).toBe(true);
    expect(isA('Person', 'Organization')).toBe(false);
  });
  it('has properties with domains and ranges, enumerations and their members', () => {
    const availability = vocab.properties.get('availability')!;
    expect(availability.ranges.map((id) => vocab.typeNames[id])).toEqual(['ItemAvailability']);
    expect(vocab.isEnumeration[vocab.id('ItemAvailability')]).toBe(1);
    expect(vocab.members.get('InStock')?.map((id) => vocab.typeNames[id])).toEqual(['ItemAvailability']);
  });
  it('marks superseded and pending terms', () => {
    expect(vocab.superseded.get('menu')).toBe('hasMenu');
    expect(vocab.pending.has('iso6523Code')).toBe(true);
    expect(vocab.pending.has('Article')).toBe(false);
  });
});
