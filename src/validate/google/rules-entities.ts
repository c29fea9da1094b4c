// Google's features for organizations, places, events, jobs, stays and reviews.
import type { RichResultRule } from './rich-result-rule.ts';

const docs = 'https://developers.google.com/search/docs/appearance/structured-data';
const checked = '2026-11-22';
/** The types a review snippet may be of ("One of the valid types"), with their subtypes. */
const REVIEWED_TYPES = [
  'Book',
  'Course',
  'CreativeWorkSeason',
  'CreativeWorkSeries',
  'Episode',
  'Event',
  'Game',
  'HowTo',
  'LocalBusiness',
  'MediaObject',
  'Movie',
  'MusicPlaylist',
  'MusicRecording',
  'Organization',
  'Product',
  'Recipe',
  'SoftwareApplication',
];
const ratingFormats = { ratingValue: 'rating', bestRating: 'number', worstRating: 'number' } as const;

const localBusiness = {
  name: 'Local business',
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
  // "The precision must be at least 5 decimal places." (geo is recommended, so a warning). Over 100
  // characters, "Google doesn't show the price range".
  recommendedFormats: {
    'geo.latitude': 'coordinate',
    'geo.longitude': 'coordinate',
    priceRange: { length: [0, 99] },
  },
  source: `${docs}/local-business`,
  checked: '2026-11-27',
} satisfies Omit<RichResultRule, 'types'>;

export const ENTITY_RULES: RichResultRule[] = [
  {
    ...localBusiness,
    types: ['LocalBusiness'],
    // A VacationRental is a LodgingBusiness to Schema.org; Google reads it by its own rules, below.
    exclude: ['VacationRental'],
    scope: 'top',
  },
  {
    // A restaurant of an all-in-one carousel page, held whole in its ListItem (Google's carousel page).
    ...localBusiness,
    types: ['Restaurant'],
    within: [{ of: ['ListItem'], via: 'item' }],
  },
  {
    name: 'Organization',
    types: ['Organization'],
    // A LocalBusiness is an Organization, but Google reads it by the Local business guidelines above.
    exclude: ['LocalBusiness'],
    scope: 'top',
    recommended: ['name', 'url', 'logo'],
    source: `${docs}/organization`,
    checked,
  },
  {
    // "If you add previousStartDate, you must also add the eventStatus property and set the eventStatus to
    // EventRescheduled." Before the rule below, so that the status it requires is not also recommended.
    name: 'Event',
    types: ['Event'],
    exclude: ['PublicationEvent'],
    scope: 'top',
    when: 'previousStartDate',
    required: ['eventStatus'],
    formats: {
      eventStatus: { members: ['EventRescheduled'], said: '"EventRescheduled" beside previousStartDate' },
    },
    source: `${docs}/event`,
    checked: '2026-11-27',
  },
  {
    name: 'Event',
    types: ['Event'],
    // A BroadcastEvent is a video's LIVE badge, not an event listing.
    exclude: ['PublicationEvent'],
    scope: 'top',
    // An event takes place somewhere: a Place with an address (an online part may stand beside it).
    required: ['name', 'startDate', 'location'],
    requiredInOne: ['location.address'],
    recommended: [
      'description',
      'endDate',
      'eventStatus',
      'image',
      'offers',
      'organizer',
      'organizer.name',
      'performer',
    ],
    formats: { startDate: 'date', endDate: 'date', previousStartDate: 'date' },
    source: `${docs}/event`,
    checked: '2026-11-26',
  },
  {
    name: 'Event',
    types: ['Offer'],
    exclude: ['AggregateOffer'],
    within: [{ of: ['Event'], via: 'offers' }],
    recommended: ['availability', 'price', 'priceCurrency', 'url', 'validFrom'],
    formats: { price: 'price', priceCurrency: 'currency', availability: 'availability', validFrom: 'date' },
    source: `${docs}/event`,
    checked,
  },
  {
    name: 'Job posting',
    types: ['JobPosting'],
    scope: 'top',
    // A remote job (jobLocationType) names where applicants may live instead: the rule below.
    required: ['datePosted', 'description', 'hiringOrganization', 'title', 'jobLocation|jobLocationType'],
    recommended: [
      'baseSalary',
      'employmentType',
      'identifier',
      'validThrough',
      'hiringOrganization.name',
      'directApply',
    ],
    formats: { datePosted: 'date', validThrough: 'date', 'baseSalary.currency': 'currency' },
    // Google's examples write a code ("US"); its page asks for none, and Schema.org takes the country's name.
    recommendedFormats: { 'jobLocation.address.addressCountry': 'country' },
    source: `${docs}/job-posting`,
    checked: '2026-11-27',
  },
  {
    name: 'Job posting',
    types: ['JobPosting'],
    scope: 'top',
    when: 'jobLocation',
    required: ['jobLocation.address', 'jobLocation.address.addressCountry'],
    recommended: ['jobLocation.address.addressLocality', 'jobLocation.address.addressRegion'],
    source: `${docs}/job-posting`,
    checked,
  },
  {
    // Work from home: Google needs to know where applicants may live.
    name: 'Job posting',
    types: ['JobPosting'],
    scope: 'top',
    when: 'jobLocationType=TELECOMMUTE',
    required: ['applicantLocationRequirements'],
    source: `${docs}/job-posting`,
    checked,
  },
  {
    name: 'Vacation rental',
    types: ['VacationRental'],
    scope: 'top',
    required: [
      'containsPlace',
      'containsPlace.occupancy',
      'containsPlace.occupancy.value',
      'identifier',
      'image',
      'latitude|geo.latitude',
      'longitude|geo.longitude',
      'name',
    ],
    recommended: ['address', 'aggregateRating', 'checkinTime', 'checkoutTime', 'description', 'review'],
    // "A minimum of 8 photos (at least 1 image of each of the following: bedroom, bathroom, and common area)".
    atLeast: { image: 8 },
    // "Precision must be at least 5 decimal places."
    formats: {
      latitude: 'coordinate',
      longitude: 'coordinate',
      'geo.latitude': 'coordinate',
      'geo.longitude': 'coordinate',
    },
    source: `${docs}/vacation-rental`,
    checked: '2026-11-27',
  },
  {
    // "For vacation rentals, the review.datePublished is a required field" (a review snippet only recommends it).
    name: 'Vacation rental',
    types: ['Review'],
    within: [{ of: ['VacationRental'], via: 'review' }],
    required: ['datePublished'],
    source: `${docs}/vacation-rental`,
    checked: '2026-11-27',
  },
  {
    name: 'Review snippet',
    types: ['Review'],
    // A ClaimReview is a fact check, whose rich result is retired (info, with the retired rules).
    exclude: ['ClaimReview'],
    scope: 'any',
    // An editorial review listing pros and cons needs no rating (Google's own example has none).
    unless: 'positiveNotes|negativeNotes',
    required: ['author', 'author.name', 'reviewRating', 'reviewRating.ratingValue'],
    recommended: ['datePublished'],
    // "This field must be shorter than 100 characters. If it's longer …, your page won't be eligible for an
    // author-based review snippet."
    formats: { datePublished: 'date', 'author.name': { length: [1, 99] } },
    // "The reviewer's name must be a valid name. For example, "50% off until Saturday" is not a valid name for a
    // reviewer." What a valid name is Google does not say: what plainly is none is a warning.
    recommendedFormats: { 'author.name': 'name' },
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'Pros and cons',
    types: ['Review'],
    exclude: ['ClaimReview'],
    scope: 'any',
    when: 'positiveNotes|negativeNotes',
    required: ['author', 'author.name'],
    // A list given is checked by the rules below (its statements are required of it).
    recommended: ['positiveNotes', 'negativeNotes'],
    source: `${docs}/product-snippet#pros-cons`,
    checked,
  },
  ...(['positiveNotes', 'negativeNotes'] as const).map(
    (notes): RichResultRule => ({
      // A list of notes given: its statements, each with its name ("the key statement of the review").
      name: 'Pros and cons',
      types: ['ItemList'],
      within: [{ of: ['Review', 'Product'], via: notes }],
      required: ['itemListElement', 'itemListElement.name'],
      source: `${docs}/product-snippet#pros-cons`,
      checked: '2026-11-27',
    }),
  ),
  {
    // "If the review is nested into another schema.org type using the review property, you still need to
    // provide the name of the thing that is being reviewed" (likewise for an aggregate rating): the types
    // Google reviews.
    name: 'Review snippet',
    types: REVIEWED_TYPES,
    scope: 'any',
    when: 'review|aggregateRating',
    required: ['name'],
    source: `${docs}/review-snippet`,
    checked: '2026-11-27',
  },
  {
    name: 'Review snippet',
    types: ['Review'],
    exclude: ['ClaimReview'],
    scope: 'top',
    required: ['itemReviewed', 'itemReviewed.name'],
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'Review snippet',
    types: ['Rating'],
    exclude: ['AggregateRating'],
    // Only a review's rating: a Certification's rating is a class ("E"), which Google's own example shows.
    // Its value is required by the review's rule ("reviewRating.ratingValue"), which says so once, typed or not.
    within: [{ of: ['Review'], via: 'reviewRating' }],
    formats: ratingFormats,
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'Review snippet',
    types: ['AggregateRating'],
    // An employer's rating has a rich result of its own, below.
    exclude: ['EmployerAggregateRating'],
    scope: 'any',
    required: ['ratingValue', 'ratingCount|reviewCount'],
    formats: { ...ratingFormats, ratingCount: 'integer', reviewCount: 'integer' },
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'Review snippet',
    types: ['AggregateRating'],
    exclude: ['EmployerAggregateRating'],
    scope: 'top',
    required: ['itemReviewed', 'itemReviewed.name'],
    source: `${docs}/review-snippet`,
    checked,
  },
  {
    name: 'Employer rating',
    types: ['EmployerAggregateRating'],
    scope: 'top',
    required: ['itemReviewed', 'itemReviewed.name', 'ratingValue', 'ratingCount|reviewCount'],
    recommended: ['bestRating', 'worstRating'],
    formats: { ...ratingFormats, ratingCount: 'integer', reviewCount: 'integer' },
    source: `${docs}/employer-rating`,
    checked: '2026-11-26',
  },
];
