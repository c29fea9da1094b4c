// Google's shopping features: product snippets, merchant listings, product variants, return and shipping
// policies and loyalty programs, and software apps (which carry an offer of their own).
import type { RichResultRule } from './rich-result-rule.ts';

const docs = 'https://developers.google.com/search/docs/appearance/structured-data';
const checked = '2026-11-22';

/** The values of `applicationCategory` Google's software app page lists. */
const APP_TYPES = [
  'GameApplication',
  'SocialNetworkingApplication',
  'TravelApplication',
  'ShoppingApplication',
  'SportsApplication',
  'LifestyleApplication',
  'BusinessApplication',
  'DesignApplication',
  'DeveloperApplication',
  'DriverApplication',
  'EducationalApplication',
  'HealthApplication',
  'FinanceApplication',
  'SecurityApplication',
  'BrowserApplication',
  'CommunicationApplication',
  'DesktopEnhancementApplication',
  'EntertainmentApplication',
  'MultimediaApplication',
  'HomeApplication',
  'UtilitiesApplication',
  'ReferenceApplication',
];

export const PRODUCT_RULES: RichResultRule[] = [
  {
    name: 'Product snippet',
    types: ['Product'],
    exclude: ['ProductGroup'],
    scope: 'top',
    // A variant written beside its ProductGroup is read with it, by the variants rules below.
    unless: 'isVariantOf',
    required: ['name'],
    oneOf: [['review', 'aggregateRating', 'offers']],
    source: `${docs}/product-snippet`,
    checked,
  },
  {
    name: 'Merchant listing',
    types: ['Product'],
    exclude: ['ProductGroup'],
    scope: 'top',
    when: 'offers',
    // An AggregateOffer (a shopping aggregator's page) makes a product snippet; a merchant listing needs an Offer.
    // A variant beside its ProductGroup takes what the group says (brand, description…): the variants rules.
    unless: 'offers.lowPrice|isVariantOf',
    required: ['name', 'image', 'offers'],
    recommended: [
      'description',
      'brand.name',
      'sku',
      'gtin|gtin8|gtin12|gtin13|gtin14|isbn|mpn',
      'aggregateRating',
      'review',
    ],
    // Of recommended properties, so warnings, as Google's test says of optional fields: "The sku value must not
    // contain any whitespace characters"; "Make sure the GTIN value is in the numerical form; we don't support
    // the URL form for GTINs"; "While schema.org defines multiple values for AdultOrientedEnumeration, Google
    // Search only supports the value https://schema.org/SexualContentConsideration".
    recommendedFormats: {
      sku: 'no whitespace',
      gtin: 'gtin',
      gtin8: 'gtin',
      gtin12: 'gtin',
      gtin13: 'gtin',
      gtin14: 'gtin',
      hasAdultConsideration: { members: ['SexualContentConsideration'] },
    },
    // sku, size, inProductGroupWithID: "Specify at most one value"; brand: "Include at most one brand name";
    // hasCertification: "Up to 10 certifications can be specified"; subjectOf: "Specify at most one 3DModel
    // value" (a video or another work it is the subject of is no 3D model).
    recommendedAtMost: {
      sku: 1,
      size: 1,
      inProductGroupWithID: 1,
      'brand.name': 1,
      hasCertification: 10,
      'subjectOf.@type=3DModel': 1,
    },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // "Required properties: issuedBy … Use the property name to specify the organization", "name"; the code
    // (certificationIdentification) or the value (certificationRating) are recommended.
    name: 'Merchant listing',
    types: ['Certification'],
    within: [{ of: ['Product'], via: 'hasCertification' }],
    required: ['issuedBy.name', 'name'],
    recommended: ['certificationIdentification|certificationRating'],
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // "The ratingValue property is required when the certificationRating property is used."
    name: 'Merchant listing',
    types: ['Rating'],
    within: [{ of: ['Certification'], via: 'certificationRating', under: ['Product'] }],
    required: ['ratingValue'],
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // 3DModel: "Required properties: encoding, encoding.contentUrl … The file must have a .gltf or .glb suffix."
    name: 'Merchant listing',
    types: ['3DModel'],
    within: [{ of: ['Product'], via: 'subjectOf' }],
    required: ['encoding.contentUrl'],
    formats: { 'encoding.contentUrl': { suffixes: ['.gltf', '.glb'] } },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // "priceType and validForMemberTier, which must not be used together"; "You must set the priceType to
    // the https://schema.org/StrikethroughPrice value" ("for a transition period, ListPrice is also allowed").
    name: 'Merchant listing',
    types: ['PriceSpecification'],
    within: [{ of: ['Offer'], via: 'priceSpecification', under: ['Product'] }],
    when: 'priceType',
    forbidden: ['validForMemberTier'],
    formats: { priceType: { members: ['StrikethroughPrice', 'ListPrice'] } },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // QuantitativeValue (for unit pricing): "Required properties: unitCode, value"; "Recommended: valueReference".
    name: 'Merchant listing',
    types: ['QuantitativeValue'],
    within: [{ of: ['PriceSpecification'], via: 'referenceQuantity', under: ['Product'] }],
    required: ['unitCode', 'value'],
    recommended: ['valueReference'],
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // SizeSpecification: "name … A human readable name for the size" (recommended); sizeGroup: "At most two
    // size groups can be provided"; the enumerations' members are "recommended" over text values.
    name: 'Merchant listing',
    types: ['SizeSpecification'],
    within: [{ of: ['Product'], via: 'size' }],
    recommended: ['name'],
    recommendedAtMost: { sizeGroup: 2 },
    recommendedFormats: {
      sizeGroup: {
        members: ['Regular', 'Petite', 'Plus', 'Tall', 'Big', 'Maternity'].map(
          (g) => `WearableSizeGroup${g}`,
        ),
      },
      sizeSystem: {
        members: ['AU', 'BR', 'CN', 'DE', 'Europe', 'FR', 'IT', 'JP', 'MX', 'UK', 'US'].map(
          (system) => `WearableSizeSystem${system}`,
        ),
        said: 'a WearableSizeSystemEnumeration member ("https://schema.org/WearableSizeSystemUS")',
      },
    },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    name: 'Product variants',
    types: ['ProductGroup'],
    scope: 'top',
    required: ['name'],
    // Its variants may name it instead (`isVariantOf`), written beside it.
    recommended: [
      'hasVariant|^isVariantOf',
      'productGroupID',
      'variesBy',
      'brand.name',
      'description',
      'url',
    ],
    source: `${docs}/product-variants`,
    checked,
  },
  {
    // A variant inherits what its ProductGroup says (brand, description…); its own image and offer it must have.
    name: 'Product variants',
    types: ['Product'],
    within: [{ of: ['ProductGroup'], via: 'hasVariant' }],
    required: ['name', 'image'],
    oneOf: [['offers', 'review', 'aggregateRating']],
    source: `${docs}/product-variants`,
    checked,
  },
  {
    // The same variant written at the top, naming its group (`"isVariantOf": {"@id": "#coat_parent"}`), as
    // Google's "variants separate from the ProductGroup" example does.
    name: 'Product variants',
    types: ['Product'],
    exclude: ['ProductGroup'],
    scope: 'top',
    when: 'isVariantOf',
    required: ['name', 'image'],
    oneOf: [['offers', 'review', 'aggregateRating']],
    source: `${docs}/product-variants`,
    checked: '2026-11-27',
  },
  {
    // Google asks for a price only where the offer sells a product (merchant listings), not on an Event's or
    // a Service's offers.
    name: 'Merchant listing',
    types: ['Offer'],
    exclude: ['AggregateOffer'],
    within: [{ of: ['Product'], via: 'offers' }],
    required: ['price|priceSpecification.price', 'priceCurrency|priceSpecification.priceCurrency'],
    recommended: ['availability'],
    formats: {
      price: 'sale price',
      priceCurrency: 'currency',
      'priceSpecification.price': 'sale price',
      'priceSpecification.priceCurrency': 'currency',
      availability: 'availability',
      priceValidUntil: 'date',
    },
    // availability, itemCondition: "Don't specify more than one value"; url: "Don't provide multiple URLs"
    // (recommended properties all).
    recommendedAtMost: { availability: 1, itemCondition: 1, url: 1 },
    // shippingRate.currency: "The currency must be the same as the currency of the offer."
    equals: {
      'shippingDetails.shippingRate.currency': 'priceCurrency|priceSpecification.priceCurrency',
    },
    source: `${docs}/merchant-listing`,
    checked,
  },
  {
    // An offer's own shipping details: "Don't provide more than one deliveryTime"; "You can only specify one
    // shippingRate per OfferShippingDetails property. To indicate multiple rates for your product, specify
    // multiple OfferShippingDetail properties." Warnings: shipping details are not required of the listing.
    name: 'Merchant listing',
    types: ['OfferShippingDetails'],
    within: [{ of: ['Offer'], via: 'shippingDetails', under: ['Product'] }],
    recommendedAtMost: { deliveryTime: 1, shippingRate: 1 },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // QuantitativeValue (for shipping times): "A minimum and maximum number of days must be specified";
    // minValue, maxValue: "The value must be a non-negative, whole number"; unitCode: "The value must be DAY
    // or d". A minimum above the maximum Google does not name: a warning.
    name: 'Merchant listing',
    types: ['QuantitativeValue'],
    within: [
      { of: ['ShippingDeliveryTime'], via: 'handlingTime', under: ['OfferShippingDetails'] },
      { of: ['ShippingDeliveryTime'], via: 'transitTime', under: ['OfferShippingDetails'] },
    ],
    required: ['minValue', 'maxValue', 'unitCode'],
    formats: {
      minValue: 'count',
      maxValue: 'count',
      unitCode: { members: ['DAY', 'd'], said: '"DAY" or "d"' },
    },
    recommendedNotAbove: { minValue: 'maxValue' },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    // PeopleAudience: suggestedGender "Must be one of the following values: https://schema.org/Male,
    // https://schema.org/Female, Unisex" ("This (case-insensitive) value", and "raw male and female values are
    // also accepted"). A recommended property: a warning.
    name: 'Merchant listing',
    types: ['PeopleAudience'],
    within: [{ of: ['Product'], via: 'audience' }],
    recommendedFormats: {
      suggestedGender: {
        members: ['Male', 'Female', 'Unisex'],
        anyCase: true,
        said: '"https://schema.org/Male", "https://schema.org/Female" or "Unisex"',
      },
    },
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    name: 'Product snippet',
    types: ['AggregateOffer'],
    within: [{ of: ['Product'], via: 'offers' }],
    required: ['lowPrice', 'priceCurrency'],
    recommended: ['highPrice', 'offerCount'],
    formats: { lowPrice: 'price', highPrice: 'price', priceCurrency: 'currency', offerCount: 'integer' },
    source: `${docs}/product-snippet`,
    checked,
  },
  {
    name: 'Shipping policy',
    types: ['OfferShippingDetails'],
    scope: 'any',
    // Naming the organization's shipping service by @id alone is a whole answer, as Google's page shows it.
    unless: 'hasShippingService',
    recommended: ['shippingDestination', 'shippingRate|doesNotShip', 'deliveryTime'],
    // The rate's currency is its MonetaryAmount's rule's (below).
    formats: { 'shippingRate.value': 'price' },
    source: `${docs}/shipping-policy`,
    checked,
  },
  {
    name: 'Shipping policy',
    types: ['ShippingService'],
    scope: 'any',
    // An organization's shipping service: its conditions (destinations, rates, times) are what Google reads.
    required: ['shippingConditions'],
    source: `${docs}/shipping-policy`,
    checked: '2026-11-27',
  },
  {
    // A destination or origin of a shipping service's conditions, or of a product's own shipping details.
    name: 'Shipping policy',
    types: ['DefinedRegion'],
    within: [
      { of: ['ShippingConditions', 'OfferShippingDetails'], via: 'shippingDestination' },
      { of: ['ShippingConditions', 'OfferShippingDetails'], via: 'shippingOrigin' },
    ],
    required: ['addressCountry'],
    formats: { addressCountry: 'country' },
    source: `${docs}/shipping-policy`,
    checked: '2026-11-27',
  },
  {
    // "Don't provide both a region and postal code information" (the merchant listing page: "you cannot mix
    // different ways of specifying the regions in one DefinedRegion instance").
    name: 'Shipping policy',
    types: ['DefinedRegion'],
    within: [
      { of: ['ShippingConditions', 'OfferShippingDetails'], via: 'shippingDestination' },
      { of: ['ShippingConditions', 'OfferShippingDetails'], via: 'shippingOrigin' },
    ],
    when: 'addressRegion',
    forbidden: ['postalCode', 'postalCodePrefix', 'postalCodeRange'],
    source: `${docs}/shipping-policy`,
    checked: '2026-11-27',
  },
  {
    // "Either the maxValue or value property must be provided together with the currency property."
    name: 'Shipping policy',
    types: ['MonetaryAmount'],
    within: [{ of: ['ShippingConditions', 'OfferShippingDetails'], via: 'shippingRate' }],
    required: ['currency', 'value|maxValue'],
    formats: { currency: 'currency' },
    source: `${docs}/shipping-policy`,
    checked: '2026-11-27',
  },
  {
    // An order value range: "Either the minValue or maxValue property must be provided".
    name: 'Shipping policy',
    types: ['MonetaryAmount'],
    within: [{ of: ['ShippingConditions'], via: 'orderValue' }],
    required: ['currency', 'minValue|maxValue'],
    formats: { currency: 'currency' },
    source: `${docs}/shipping-policy`,
    checked: '2026-11-27',
  },
  {
    // "Either the orderPercentage or weightPercentage property must be provided".
    name: 'Shipping policy',
    types: ['ShippingRateSettings'],
    within: [{ of: ['ShippingConditions'], via: 'shippingRate' }],
    required: ['orderPercentage|weightPercentage'],
    source: `${docs}/shipping-policy`,
    checked: '2026-11-27',
  },
  {
    name: 'Return policy',
    types: ['MerchantReturnPolicy'],
    scope: 'any',
    required: ['applicableCountry|merchantReturnLink'],
    formats: { applicableCountry: 'country', returnPolicyCountry: 'country', merchantReturnDays: 'integer' },
    // applicableCountry: "You can specify up to 50 countries."
    recommendedAtMost: { applicableCountry: 50 },
    source: `${docs}/return-policy`,
    checked,
  },
  {
    name: 'Return policy',
    types: ['MerchantReturnPolicy'],
    scope: 'any',
    when: 'applicableCountry',
    required: ['returnPolicyCategory'],
    recommended: ['returnMethod', 'returnFees'],
    source: `${docs}/return-policy`,
    checked,
  },
  {
    // An offer's return policy (Google's merchant listing page): FreeReturn, ReturnFeesCustomerResponsibility:
    // "If used, don't include the returnShippingFeesAmount property."
    name: 'Merchant listing',
    types: ['MerchantReturnPolicy'],
    within: [{ of: ['Offer'], via: 'hasMerchantReturnPolicy', under: ['Product'] }],
    when: 'returnFees=FreeReturn|ReturnFeesCustomerResponsibility',
    forbidden: ['returnShippingFeesAmount'],
    source: `${docs}/merchant-listing`,
    checked: '2026-11-27',
  },
  {
    name: 'Return policy',
    types: ['MerchantReturnPolicySeasonalOverride'],
    scope: 'any',
    required: ['returnPolicyCategory'],
    recommended: ['startDate', 'endDate'],
    formats: { startDate: 'date', endDate: 'date', merchantReturnDays: 'integer' },
    source: `${docs}/return-policy`,
    checked: '2026-11-27',
  },
  {
    // "ReturnShippingFees: … Specify the (non-zero) shipping fee using the returnShippingFeesAmount property."
    name: 'Return policy',
    types: ['MerchantReturnPolicy'],
    scope: 'any',
    when: 'returnFees=ReturnShippingFees',
    recommended: ['returnShippingFeesAmount'],
    source: `${docs}/return-policy`,
    checked: '2026-11-27',
  },
  {
    name: 'Return policy',
    types: ['MerchantReturnPolicy', 'MerchantReturnPolicySeasonalOverride'],
    scope: 'any',
    when: 'returnPolicyCategory=MerchantReturnFiniteReturnWindow',
    required: ['merchantReturnDays'],
    source: `${docs}/return-policy`,
    checked,
  },
  {
    name: 'Loyalty program',
    types: ['MemberProgram'],
    // Where the program is defined: at the top, or as an organization's. An offer's member price names a tier
    // of a program defined elsewhere (in Merchant Center: `"isTierOf": {"@type": "MemberProgram", "name":
    // "member-plus"}`), which is no definition to check.
    scope: 'top',
    within: [{ of: ['Organization'], via: 'hasMemberProgram' }],
    // A tier's benefit is required too (Google's MemberProgramTier table).
    required: ['name', 'description', 'hasTiers', 'hasTiers.name', 'hasTiers.hasTierBenefit'],
    recommended: ['url'],
    // The two benefits Google shows ("shipping and returns loyalty benefits are not supported").
    recommendedFormats: {
      'hasTiers.hasTierBenefit': { members: ['TierBenefitLoyaltyPoints', 'TierBenefitLoyaltyPrice'] },
    },
    source: `${docs}/loyalty-program`,
    checked: '2026-11-26',
  },
  {
    // "TierBenefitLoyaltyPoints: The benefit is earning loyalty points. Also specify membershipPointsEarned."
    name: 'Loyalty program',
    types: ['MemberProgramTier'],
    scope: 'any',
    when: 'hasTierBenefit=TierBenefitLoyaltyPoints',
    recommended: ['membershipPointsEarned'],
    source: `${docs}/loyalty-program`,
    checked: '2026-11-27',
  },
  {
    name: 'Software app',
    types: ['SoftwareApplication'],
    scope: 'top',
    required: ['name', 'offers.price'],
    oneOf: [['aggregateRating', 'review']],
    recommended: ['applicationCategory', 'operatingSystem'],
    formats: { 'offers.price': 'price', 'offers.priceCurrency': 'currency' },
    // "The value must be a supported app type."
    recommendedFormats: {
      applicationCategory: {
        members: APP_TYPES,
        said: `one of the app types Google supports ("GameApplication", "BusinessApplication", … ${APP_TYPES.length} in all)`,
      },
    },
    source: `${docs}/software-app`,
    checked: '2026-11-27',
  },
  {
    // "If the app has a price greater than 0, we recommend you also include offers.priceCurrency. Otherwise,
    // Google tries to determine the appropriate currency." A free app (price 0) needs none.
    name: 'Software app',
    types: ['Offer'],
    within: [{ of: ['SoftwareApplication'], via: 'offers', atTop: true }],
    when: 'price>0',
    recommended: ['priceCurrency'],
    source: `${docs}/software-app`,
    checked: '2026-11-27',
  },
  {
    // "Google doesn't show software app rich results for apps that only have the VideoGame type": typed with
    // another (["VideoGame", "MobileApplication"]), it is shown.
    name: 'Software app',
    types: ['VideoGame'],
    alone: true,
    scope: 'top',
    deprecated:
      'no rich result is shown for a VideoGame typed alone: give it another type too, such as ["VideoGame", "MobileApplication"].',
    source: `${docs}/software-app`,
    checked: '2026-11-27',
  },
];
