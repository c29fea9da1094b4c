// The Schema.org vocabulary as the validator queries it: ids for names, and the superclass closure as one
// bitset per type so "is T a kind of D" is a single array read.
import vocabularyFile from './schemaorg.generated.json' with { type: 'json' };

interface VocabularyFile {
  version: string;
  source: string;
  types: string[];
  parents: number[][];
  dataTypes: number[];
  properties: string[];
  domains: number[][];
  ranges: number[][];
  members: string[];
  memberOf: number[][];
  superseded: Record<string, string>;
  pending: string[];
}

export interface Property {
  id: number;
  name: string;
  domains: number[];
  ranges: number[];
  /** The range without its DataTypes, for values that are nodes. */
  classRanges: number[];
  /** URL is in the range: its strings are links. */
  url: boolean;
}

export interface Vocabulary {
  /** The Schema.org release, `30.0`. */
  version: string;
  /** Where the data comes from, for reports. */
  source: string;
  typeNames: string[];
  typeIds: Map<string, number>;
  properties: Map<string, Property>;
  propertyNames: readonly string[];
  /** Enumeration member name -> the enumerations it belongs to. */
  members: Map<string, number[]>;
  superseded: Map<string, string>;
  pending: Set<string>;
  isDataType: Uint8Array;
  isEnumeration: Uint8Array;
  /** True when type `a` is `b` or one of its subclasses. */
  isA(a: number, b: number): boolean;
  id(name: string): number;
}

let loaded: Vocabulary | null = null;

/**
 * Which Schema.org release the validator knows, for reports.
 * @example VOCABULARY.version // '30.0'
 */
export const VOCABULARY: { version: string; source: string } = {
  version: (vocabularyFile as unknown as VocabularyFile).version,
  source: (vocabularyFile as unknown as VocabularyFile).source,
};

/**
 * The vocabulary index shipped beside this module, compiled once per process. It is imported, not read
 * from disk, so the validator keeps working when a bundler (an Astro server build) moves this module.
 * @example const vocab = loadVocabulary(); vocab.isA(vocab.id('NewsArticle'), vocab.id('CreativeWork')) // true
 */
export function loadVocabulary(): Vocabulary {
  loaded ??= compileVocabulary(vocabularyFile as unknown as VocabularyFile);
  return loaded;
}

function compileVocabulary(file: VocabularyFile): Vocabulary {
  const count = file.types.length;
  const words = (count + 31) >>> 5;
  const ancestors = new Uint32Array(count * words);
  const done = new Uint8Array(count);
  const close = (type: number): void => {
    if (done[type]) return;
    done[type] = 1;
    const row = type * words;
    ancestors[row + (type >>> 5)]! |= 1 << (type & 31);
    for (const parent of file.parents[type]!) {
      close(parent);
      for (let w = 0; w < words; w++) ancestors[row + w]! |= ancestors[parent * words + w]!;
    }
  };
  for (let type = 0; type < count; type++) close(type);
  const isA = (a: number, b: number): boolean => (ancestors[a * words + (b >>> 5)]! & (1 << (b & 31))) !== 0;

  const typeIds = new Map(file.types.map((name, id) => [name, id]));
  const id = (name: string): number => {
    const found = typeIds.get(name);
    if (found === undefined) throw new Error(`Schema.org type "${name}" is not in the vocabulary index.`);
    return found;
  };
  const isDataType = new Uint8Array(count);
  for (const type of file.dataTypes) isDataType[type] = 1;
  const isEnumeration = new Uint8Array(count);
  const enumeration = id('Enumeration');
  for (let type = 0; type < count; type++)
    if (type !== enumeration && isA(type, enumeration)) isEnumeration[type] = 1;

  const properties = new Map<string, Property>();
  const urlType = id('URL');
  file.properties.forEach((name, index) => {
    const ranges = file.ranges[index]!;
    properties.set(name, {
      id: index,
      name,
      domains: file.domains[index]!,
      ranges,
      classRanges: ranges.filter((range) => !isDataType[range]),
      url: ranges.includes(urlType),
    });
  });

  return {
    version: file.version,
    source: file.source,
    typeNames: file.types,
    typeIds,
    properties,
    propertyNames: file.properties,
    members: new Map(file.members.map((name, index) => [name, file.memberOf[index]!])),
    superseded: new Map(Object.entries(file.superseded)),
    pending: new Set(file.pending),
    isDataType,
    isEnumeration,
    isA,
    id,
  };
}
