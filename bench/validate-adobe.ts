// @adobe/structured-data-validator set up for comparison: fed the same Schema.org release as JSON-LD, and
// given each document the way its own tests give them.
import { readSchemaOrgQuads } from '../scripts/schema-org-quads.ts';

/** The adobe validator with a function that checks one document's text and counts the ones it throws on. */
export async function createAdobeValidator(): Promise<{
  adobeValidate: (text: string) => Promise<void>;
  adobeCrashes: () => number;
}> {
  // Imported by a name in a variable: the package ships no types.
  const adobePackage = '@adobe/structured-data-validator';
  const { default: Validator } = (await import(adobePackage)) as {
    default: new (schema: object) => { validate(data: object): Promise<unknown[]> };
  };
  const graph = new Map<string, Record<string, unknown>>();
  const short = (iri: string) => iri.replace('http://schema.org/', 'schema:');
  const names: Record<string, string> = {
    'http://www.w3.org/2000/01/rdf-schema#subClassOf': 'rdfs:subClassOf',
    'http://schema.org/domainIncludes': 'schema:domainIncludes',
    'http://schema.org/rangeIncludes': 'schema:rangeIncludes',
  };
  for (const quad of readSchemaOrgQuads()) {
    if (!quad.subject.value.startsWith('http://schema.org/')) continue;
    const id = short(quad.subject.value);
    const node = graph.get(id) ?? { '@id': id };
    graph.set(id, node);
    if (quad.predicate.value.endsWith('#type')) {
      if (quad.object.value.endsWith('rdf-schema#Class')) node['@type'] = 'rdfs:Class';
      else if (quad.object.value.endsWith('rdf-syntax-ns#Property')) node['@type'] = 'rdf:Property';
    } else if (names[quad.predicate.value]) {
      const key = names[quad.predicate.value]!;
      const value = { '@id': short(quad.object.value) };
      const existing = node[key];
      node[key] = existing === undefined ? value : [existing, value].flat();
    }
  }
  const adobe = new Validator({ '@graph': [...graph.values()] });
  const input = (text: string) => {
    const document = JSON.parse(text) as Record<string, unknown>;
    const type = String([document['@type'] ?? 'Thing'].flat()[0]);
    return { jsonld: { [type]: [document] }, microdata: {}, rdfa: {}, errors: [] };
  };
  // It throws on some documents (a numeric @type, an array at the top): those count as checked, as ours do.
  let crashes = 0;
  return {
    adobeValidate: async (text: string) => {
      try {
        await adobe.validate(input(text));
      } catch {
        crashes++;
      }
    },
    adobeCrashes: () => crashes,
  };
}
