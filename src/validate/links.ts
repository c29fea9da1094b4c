// Properties that link a node to another rather than hold it as a part, read by the value checks and the
// rich-result placement alike.

/**
 * Properties that link a node to what holds it (an Article's `mainEntityOfPage` is its WebPage) or to a peer
 * (a book's translation, a film's book): a reference through one of them does not make the node named part of
 * the node that names it, and may name a node another page defines.
 */
export const LINKS_NOT_PARTS = new Set([
  'mainEntityOfPage',
  'isPartOf',
  'subjectOf',
  'partOfSeries',
  'partOfSeason',
  'partOfEpisode',
  'partOfTVSeries',
  'containedInPlace',
  'parentOrganization',
  'memberOf',
  'worksFor',
  'alumniOf',
  'workTranslation',
  'translationOfWork',
  'exampleOfWork',
  'workExample',
  'isBasedOn',
  'isRelatedTo',
  'isSimilarTo',
  // A variant names its ProductGroup, which stands on its own at the top (Google's variants markup).
  'isVariantOf',
  // An organization's return policy, shipping service and loyalty tier, which Google asks an offer to name
  // "using only the @id keyword" where they are defined on another page.
  'hasMerchantReturnPolicy',
  'hasShippingService',
  'validForMemberTier',
]);
