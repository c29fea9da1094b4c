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
    expect(vocab.isDataType[vocab.id('Duration')]).toBe(0);
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
