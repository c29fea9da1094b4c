// Google's rich-result requirements as data. A property path is dotted (`author.name`); `a|b` lists
// alternatives, any one of which satisfies the entry. Each rule names the page it restates and when that page
// was last compared with it.

export interface RichResultRule {
  /** Reported as `rule: 'google:<name>'`. */
  name: string;
  /** Node types it applies to, with their subtypes. */
  types: string[];
  exclude?: string[];
  /** 'top': nodes at the top of the document or in `@graph`; 'any': nested nodes too. */
  scope: 'top' | 'any';
  /** Only when the node has this property. */
  when?: string;
  required?: string[];
  recommended?: string[];
  /** Each group: at least one of its paths must be present. */
  oneOf?: string[][];
  /** The rich result is no longer shown (or only to few sites): reported as info. */
  deprecated?: string;
  source: string;
  checked: string;
}

const docs = 'https://developers.google.com/search/docs/appearance/structured-data';
const checked = '2026-11-22';

export const RICH_RESULT_RULES: RichResultRule[] = [
  {
    name: 'Article',
    types: ['Article'],
    scope: 'top',
    recommended: [
      'author',
      'author.name',
      'author.url|author.sameAs',
      'dateModified',
      'datePublished',
      'headline',
      'image',
    ],
    source: `${docs}/article`,
    checked,
  },
  {
    name: 'Product',
    types: ['Product'],
    scope: 'top',
    required: ['name'],
    oneOf: [['review', 'aggregateRating', 'offers']],
    source: `${docs}/product-snippet`,
    checked,
  },
  {
    name: 'MerchantListing',
    types: ['Product'],
    scope: 'top',
    when: 'offers',
    required: ['name', 'image', 'offers'],
    recommended: [
      'description',
      'brand.name',
      'sku',
      'gtin|gtin8|gtin12|gtin13|gtin14|isbn|mpn',
      'aggregateRating',
      'review',
    ],
    source: `${docs}/merchant-listing`,
    checked,
  },
  {
    name: 'Offer',
    types: ['Offer'],
    exclude: ['AggregateOffer'],
    scope: 'any',
    required: ['price|priceSpecification.price', 'priceCurrency|priceSpecification.priceCurrency'],
    recommended: ['availability'],
    source: `${docs}/merchant-listing`,
    checked,
  },
  {
    name: 'AggregateOffer',
    types: ['AggregateOffer'],
    scope: 'any',
    required: ['lowPrice', 'priceCurrency'],
    recommended: ['highPrice', 'offerCount'],
    source: `${docs}/product-snippet`,
    checked,
  },
  {
    name: 'BreadcrumbList',
    types: ['BreadcrumbList'],
    scope: 'top',
    required: [
      'itemListElement',
      'itemListElement.position',
      'itemListElement.name|itemListElement.item.name',
    ],
    source: `${docs}/breadcrumb`,
    checked,
  },
  {
    name: 'FAQPage',
    types: ['FAQPage'],
    scope: 'top',
    required: [
      'mainEntity',
      'mainEntity.name',
      'mainEntity.acceptedAnswer',
      'mainEntity.acceptedAnswer.text',
    ],
    deprecated:
      'FAQ rich results are shown only for well-known, authoritative government and health websites (since August 2023).',
    source: `${docs}/faqpage`,
    checked,
  },
  {
    name: 'HowTo',
    types: ['HowTo'],
    exclude: ['Recipe'],
    scope: 'top',
    deprecated: 'HowTo rich results are no longer shown in Google Search (since September 2023).',
    source: 'https://developers.google.com/search/blog/2023/08/howto-faq-changes',
    checked,
  },
  {
    name: 'SitelinksSearchBox',
    types: ['WebSite'],
    scope: 'top',
    when: 'potentialAction',
    deprecated: 'The sitelinks search box is no longer shown in Google Search (since November 2024).',
    source: 'https://developers.google.com/search/blog/2024/10/sitelinks-search-box',
    checked,
  },
  {
    name: 'LocalBusiness',
    types: ['LocalBusiness'],
    scope: 'top',
    required: ['name', 'address'],
    recommended: [
      'address.streetAddress',
      'address.addressLocality',
      'address.postalCode',
      'address.addressCountry',
      'geo.latitude',
      'geo.longitude',
      'openingHoursSpecification',
      'priceRange',
      'telephone',
      'url',
    ],
    source: `${docs}/local-business`,
    checked,
  },
  {
    name: 'Organization',
    types: ['Organization'],
    // A LocalBusiness is an Organization, but Google reads it by the LocalBusiness guidelines above.
    exclude: ['LocalBusiness'],
    scope: 'top',
    recommended: ['name', 'url', 'logo'],
    source: `${docs}/organization`,
    checked,
  },
  {
    name: 'Event',
    types: ['Event'],
    scope: 'top',
    required: ['name', 'startDate', 'location', 'location.address|location.url'],
    recommended: [
      'description',
      'endDate',
      'eventAttendanceMode',
      'eventStatus',
      'image',
      'offers',
      'organizer',
      'organizer.name',
      'performer',
    ],
    source: `${docs}/event`,
    checked,
  },
  {
    name: 'Recipe',
    types: ['Recipe'],
    scope: 'top',
    required: ['name', 'image'],
    recommended: [
      'aggregateRating',
      'author',
      'cookTime',
      'datePublished',
      'description',
      'keywords',
      'nutrition.calories',
      'prepTime',
      'recipeCategory',
      'recipeCuisine',
      'recipeIngredient',
      'recipeInstructions',
      'recipeYield',
      'totalTime',
    ],
    source: `${docs}/recipe`,
    checked,
  },
  {
    name: 'VideoObject',
    types: ['VideoObject'],
    scope: 'top',
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: ['contentUrl', 'description', 'duration', 'embedUrl'],
    source: `${docs}/video`,
    checked,
  },
  {
    name: 'JobPosting',
    types: ['JobPosting'],
    scope: 'top',
    required: [
      'datePosted',
      'description',
      'hiringOrganization',
      'title',
      'jobLocation|applicantLocationRequirements',
    ],
    recommended: ['baseSalary', 'employmentType', 'identifier', 'validThrough', 'hiringOrganization.name'],
    source: `${docs}/job-posting`,
    checked,
  },
  {
    name: 'Review',
    types: ['Review'],
    scope: 'any',
    required: ['author', 'author.name', 'reviewRating', 'reviewRating.ratingValue'],
    recommended: ['datePublished'],
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'Review',
    types: ['Review'],
    scope: 'top',
    required: ['itemReviewed', 'itemReviewed.name'],
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'AggregateRating',
    types: ['AggregateRating'],
    scope: 'any',
    required: ['ratingValue', 'ratingCount|reviewCount'],
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'AggregateRating',
    types: ['AggregateRating'],
    scope: 'top',
    required: ['itemReviewed', 'itemReviewed.name'],
    source: `${docs}/review-snippet`,
    checked,
  },
];
