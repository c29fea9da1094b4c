// Google's features for content: articles, video (with clips, live badges and key moments), recipes, courses,
// datasets, image metadata, forums, Q&A, profiles, education, math solvers, movies, carousels, breadcrumbs,
// speakable and paywalled content.
import type { RichResultRule } from './rich-result-rule.ts';

const docs = 'https://developers.google.com/search/docs/appearance/structured-data';
const checked = '2026-11-22';
const article = {
  name: 'Article',
  scope: 'top',
  // dateModified and datePublished are recommended too, but "only … if you decide that it's applicable to your
  // site": the Rich Results Test gives no warning without them, nor does this. Their format is checked.
  recommended: ['author', 'author.name', 'author.url|author.sameAs', 'headline', 'image'],
  formats: { datePublished: 'date', dateModified: 'date' },
  source: `${docs}/article`,
  checked,
} satisfies Omit<RichResultRule, 'types'>;
// A forum or social media post: SocialMediaPosting "with the same requirements" as DiscussionForumPosting.
const forumPost = {
  name: 'Discussion forum',
  scope: 'top',
  // A post shown on another page is named by its url there, its text not repeated.
  required: ['author', 'author.name', 'datePublished', 'text|image|video|url'],
  formats: { datePublished: 'date', dateModified: 'date' },
  source: `${docs}/discussion-forum`,
  checked: '2026-11-27',
} satisfies Omit<RichResultRule, 'types'>;
// Where a Comment answers to a forum or social media post, not to a Q&A's question or answer, nor to an
// article's comments (a BlogPosting is a SocialMediaPosting to Schema.org, but an Article to Google).
const inForum = {
  under: ['DiscussionForumPosting', 'SocialMediaPosting'],
  notUnder: ['Question', 'Answer', 'BlogPosting'],
};

export const CONTENT_RULES: RichResultRule[] = [
  // A forum or social media post is an Article to Schema.org; Google reads it by the Discussion forum rules,
  // and a BlogPosting (a SocialMediaPosting to Schema.org) as an Article.
  { ...article, types: ['Article'], exclude: ['SocialMediaPosting'] },
  { ...article, types: ['BlogPosting'] },
  {
    name: 'Breadcrumb',
    types: ['BreadcrumbList'],
    scope: 'top',
    required: [
      'itemListElement',
      'itemListElement.position',
      'itemListElement.name|itemListElement.item.name',
    ],
    // "If the breadcrumb is the last item in the breadcrumb trail, item is not required."
    requiredExceptLast: ['itemListElement.item'],
    formats: { 'itemListElement.position': 'number' },
    source: `${docs}/breadcrumb`,
    checked,
  },
  {
    // "You must mark up at least three courses", here in the list's items (an all-in-one page). Before the
    // rule below, so that a list of one course is said to need three, not two.
    name: 'Course list',
    types: ['ItemList'],
    exclude: ['BreadcrumbList', 'HowToSection', 'HowToStep', 'OfferCatalog'],
    scope: 'top',
    when: 'itemListElement.item.@type=Course',
    atLeast: { itemListElement: 3 },
    source: `${docs}/course`,
    checked: '2026-11-27',
  },
  {
    name: 'Carousel',
    types: ['ItemList'],
    exclude: ['BreadcrumbList', 'HowToSection', 'HowToStep', 'OfferCatalog'],
    scope: 'top',
    required: ['itemListElement'],
    // "Define an ItemList that contains at least two ListItem elements."
    atLeast: { itemListElement: 2 },
    formats: { 'itemListElement.position': 'number' },
    // A summary page's url: "All URLs in the list must be unique, but live on the same domain (the same domain
    // or sub/super domain as the current page)": of the page, which the validator is not given, only the
    // URLs' own domains are compared. "All items in the list must be of the same type … Don't mix different
    // types" (an all-in-one page's items).
    distinct: ['itemListElement.url'],
    sameSite: ['itemListElement.url'],
    alike: ['itemListElement.item.@type'],
    source: `${docs}/carousel`,
    checked: '2026-11-27',
  },
  {
    // A carousel's entry has its position, and a url (a summary page) or the item itself (an all-in-one
    // page). Only a ListItem of a list at the top: a list of other things (exchange rates, plain names), or a
    // review's positive notes, is no carousel.
    name: 'Carousel',
    types: ['ListItem'],
    // Steps and sections are ListItems to Schema.org; Google reads them by the Recipe rules.
    exclude: ['HowToStep', 'HowToSection', 'HowToDirection', 'HowToTip'],
    within: [
      {
        of: ['ItemList'],
        via: 'itemListElement',
        atTop: true,
        notUnder: ['BreadcrumbList', 'HowToSection', 'HowToStep', 'OfferCatalog'],
      },
    ],
    required: ['position', 'url|item'],
    source: `${docs}/carousel`,
    checked: '2026-11-27',
  },
  {
    // An all-in-one page's item: "Populate this object with … item.name, item.url" ("the fully-qualified URL
    // and page anchor to this item on the page"). Only the types a carousel shows: a list of music groups is
    // no carousel. Their names, and what else they need, are their own rules' to ask for.
    name: 'Carousel',
    types: ['Course', 'Movie', 'Recipe', 'Restaurant'],
    within: [{ of: ['ListItem'], via: 'item' }],
    required: ['url'],
    source: `${docs}/carousel`,
    checked: '2026-11-27',
  },
  {
    name: 'Video',
    types: ['VideoObject'],
    scope: 'top',
    // A recipe's video "follows the list of required and recommended video properties".
    within: [{ of: ['Recipe'], via: 'video' }],
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: ['contentUrl|embedUrl', 'description', 'duration'],
    formats: { uploadDate: 'date', duration: 'duration', expires: 'date' },
    source: `${docs}/video`,
    checked,
  },
  {
    name: 'Video key moments (Clip)',
    types: ['Clip'],
    scope: 'top',
    within: [{ of: ['VideoObject'], via: 'hasPart' }],
    required: ['name', 'startOffset', 'url'],
    recommended: ['endOffset'],
    formats: { startOffset: 'number', endOffset: 'number' },
    source: `${docs}/video#clip`,
    checked,
  },
  {
    name: 'Video key moments (SeekToAction)',
    types: ['SeekToAction'],
    within: [{ of: ['VideoObject'], via: 'potentialAction' }],
    required: ['target', 'startOffset-input'],
    source: `${docs}/video#seek`,
    checked,
  },
  {
    name: 'Video LIVE badge',
    types: ['BroadcastEvent'],
    within: [{ of: ['VideoObject'], via: 'publication' }],
    required: ['isLiveBroadcast', 'startDate'],
    recommended: ['endDate'],
    formats: { startDate: 'date', endDate: 'date' },
    source: `${docs}/video#broadcast-event`,
    checked,
  },
  {
    // Nutrition is given per serving: Google needs the yield to know what a serving is. Before the rule below,
    // so that the yield it requires is not also recommended.
    name: 'Recipe',
    types: ['Recipe'],
    scope: 'top',
    // An all-in-one carousel page holds each recipe whole, in its ListItem (Google's carousel page).
    within: [{ of: ['ListItem'], via: 'item' }],
    when: 'nutrition',
    required: ['recipeYield'],
    source: `${docs}/recipe`,
    checked,
  },
  {
    name: 'Recipe',
    types: ['Recipe'],
    scope: 'top',
    within: [{ of: ['ListItem'], via: 'item' }],
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
    formats: { cookTime: 'duration', prepTime: 'duration', totalTime: 'duration', datePublished: 'date' },
    source: `${docs}/recipe`,
    checked,
  },
  {
    name: 'Recipe',
    types: ['HowToSection'],
    within: [{ of: ['Recipe'], via: 'recipeInstructions' }],
    required: ['name', 'itemListElement'],
    source: `${docs}/recipe`,
    checked: '2026-11-27',
  },
  {
    // A step is its text, or its directions and tips in itemListElement.
    name: 'Recipe',
    types: ['HowToStep'],
    within: [
      { of: ['Recipe'], via: 'recipeInstructions' },
      { of: ['HowToSection'], via: 'itemListElement', under: ['Recipe'] },
    ],
    required: ['text|itemListElement'],
    source: `${docs}/recipe`,
    checked: '2026-11-27',
  },
  {
    name: 'Recipe',
    types: ['HowToDirection', 'HowToTip'],
    within: [{ of: ['HowToStep'], via: 'itemListElement', under: ['Recipe'] }],
    required: ['text'],
    source: `${docs}/recipe`,
    checked: '2026-11-27',
  },
  {
    name: 'Course list',
    types: ['Course'],
    scope: 'top',
    // An all-in-one list page holds each course whole, in its ListItem (Google's carousel page).
    within: [{ of: ['ListItem'], via: 'item' }],
    required: ['name', 'description'],
    recommended: ['provider', 'provider.name'],
    source: `${docs}/course`,
    checked: '2026-11-27',
  },
  {
    name: 'Dataset',
    types: ['Dataset'],
    // A DataFeed is a Dataset to Schema.org; Google reads feeds for other features (Book actions).
    exclude: ['DataFeed'],
    scope: 'top',
    required: ['name', 'description'],
    recommended: ['creator', 'license', 'url', 'identifier', 'keywords', 'distribution'],
    // "The summary must be between 50 and 5000 characters."
    formats: { description: { length: [50, 5000] } },
    source: `${docs}/dataset`,
    checked: '2026-11-27',
  },
  {
    // A dataset in another's hasPart "has to include all of the properties required for a standalone
    // Dataset": those alone, not the recommended ones.
    name: 'Dataset',
    types: ['Dataset'],
    exclude: ['DataFeed'],
    within: [{ of: ['Dataset'], via: 'hasPart' }],
    required: ['name', 'description'],
    formats: { description: { length: [50, 5000] } },
    source: `${docs}/dataset`,
    checked: '2026-11-27',
  },
  {
    name: 'Dataset',
    types: ['DataDownload'],
    within: [{ of: ['Dataset'], via: 'distribution' }],
    required: ['contentUrl'],
    source: `${docs}/dataset`,
    checked: '2026-11-27',
  },
  {
    name: 'Image metadata',
    types: ['ImageObject'],
    scope: 'top',
    required: ['contentUrl|url'],
    oneOf: [['creator', 'creditText', 'copyrightNotice', 'license']],
    recommended: ['acquireLicensePage', 'creator.name', 'creditText', 'copyrightNotice', 'license'],
    source: `${docs}/image-license-metadata`,
    checked,
  },
  {
    ...forumPost,
    types: ['DiscussionForumPosting'],
    // dateModified is not asked for: "if applicable. If no changes have happened, it's not necessary to
    // duplicate the publish date", and Google's own example has none.
    recommended: ['url', 'headline', 'interactionStatistic'],
  },
  {
    ...forumPost,
    types: ['SocialMediaPosting'],
    // A BlogPosting is a SocialMediaPosting to Schema.org, but Google reads it as an Article. A headline "is
    // not recommended for a SocialMediaPosting".
    exclude: ['DiscussionForumPosting', 'BlogPosting'],
    recommended: ['url', 'interactionStatistic'],
  },
  {
    // A reply: its author's name is asked of the post alone.
    name: 'Discussion forum',
    types: ['Comment'],
    within: [{ of: ['DiscussionForumPosting', 'SocialMediaPosting', 'Comment'], via: 'comment', ...inForum }],
    required: ['author', 'datePublished', 'text|image|video'],
    formats: { datePublished: 'date' },
    source: `${docs}/discussion-forum`,
    checked: '2026-11-27',
  },
  {
    name: 'Discussion forum',
    types: ['InteractionCounter'],
    within: [
      {
        of: ['DiscussionForumPosting', 'SocialMediaPosting', 'Comment'],
        via: 'interactionStatistic',
        ...inForum,
      },
    ],
    required: ['userInteractionCount', 'interactionType'],
    formats: { userInteractionCount: 'integer' },
    source: `${docs}/discussion-forum`,
    checked: '2026-11-27',
  },
  {
    name: 'Q&A',
    types: ['QAPage'],
    scope: 'top',
    required: [
      'mainEntity',
      'mainEntity.name',
      'mainEntity.answerCount',
      'mainEntity.acceptedAnswer|mainEntity.suggestedAnswer',
    ],
    recommended: ['mainEntity.text', 'mainEntity.author', 'mainEntity.datePublished'],
    formats: { 'mainEntity.answerCount': 'integer' },
    source: `${docs}/qapage`,
    checked,
  },
  {
    name: 'Q&A',
    types: ['Answer'],
    within: [
      { of: ['Question'], via: 'acceptedAnswer' },
      { of: ['Question'], via: 'suggestedAnswer' },
    ],
    required: ['text'],
    formats: { upvoteCount: 'integer' },
    source: `${docs}/qapage`,
    checked,
  },
  {
    // A comment on the question or an answer, or a reply to one: only its text is required.
    name: 'Q&A',
    types: ['Comment'],
    within: [{ of: ['Comment'], via: 'comment', under: ['Question', 'Answer'] }],
    required: ['text'],
    recommended: ['author', 'datePublished'],
    formats: { datePublished: 'date' },
    source: `${docs}/qapage`,
    checked: '2026-11-27',
  },
  {
    name: 'Education Q&A',
    types: ['Quiz'],
    scope: 'top',
    // Each question is a flashcard: Google's Question table requires its text, its one accepted answer and
    // eduQuestionType ("Flashcard").
    // A quiz of practice problems (a retired rich result) is no set of flashcards.
    unless: 'hasPart.learningResourceType=Practice problem',
    required: ['hasPart', 'hasPart.text', 'hasPart.acceptedAnswer', 'hasPart.eduQuestionType'],
    recommended: ['about', 'educationalAlignment'],
    // "You must use this fixed value: Flashcard."
    formats: { 'hasPart.eduQuestionType': { members: ['Flashcard'] } },
    source: `${docs}/education-qa`,
    checked: '2026-11-27',
  },
  {
    name: 'Profile page',
    types: ['ProfilePage'],
    scope: 'top',
    required: ['mainEntity', 'mainEntity.name|mainEntity.alternateName'],
    recommended: [
      'dateCreated',
      'dateModified',
      'mainEntity.identifier',
      'mainEntity.image',
      'mainEntity.sameAs',
    ],
    formats: { dateCreated: 'date', dateModified: 'date' },
    source: `${docs}/profile-page`,
    checked,
  },
  {
    name: 'Math solver',
    types: ['MathSolver'],
    scope: 'top',
    required: [
      'url',
      'usageInfo',
      'potentialAction',
      'potentialAction.target',
      'potentialAction.mathExpression-input',
      // Its LearningResource table: "Required: learningResourceType … Use this fixed value: Math Solver".
      'learningResourceType',
    ],
    // `assesses` is recommended only beside HowTo markup, which is retired: not asked for.
    // Its "fixed value: Math Solver" is written "Math solver" in Google's own examples: not checked.
    recommended: ['inLanguage', 'potentialAction.eduQuestionType'],
    source: `${docs}/math-solvers`,
    checked: '2026-11-27',
  },
  {
    name: 'Movie carousel',
    types: ['Movie'],
    scope: 'top',
    within: [{ of: ['ListItem'], via: 'item' }],
    required: ['name', 'image'],
    recommended: ['aggregateRating', 'dateCreated', 'director', 'review'],
    source: `${docs}/movie`,
    checked,
  },
  {
    name: 'Speakable',
    types: ['WebPage', 'Article'],
    scope: 'top',
    when: 'speakable',
    // Schema.org also lets speakable name an element by its id ("#summary"): a locator is recommended only.
    // Google's page writes xPath, Schema.org xpath.
    recommended: ['speakable.cssSelector|speakable.xpath|speakable.xPath'],
    source: `${docs}/speakable`,
    checked,
  },
  {
    name: 'Subscription and paywalled content',
    types: ['CreativeWork'],
    scope: 'top',
    when: 'isAccessibleForFree=false',
    // The flag is what Google requires; the parts behind the paywall are recommended, so that a page paywalled
    // whole (no hasPart) is valid. Each part is a WebPageElement ("Set the @type to WebPageElement").
    recommended: ['hasPart.cssSelector', 'hasPart.@type', 'hasPart.isAccessibleForFree'],
    // "Only use .class selectors for the cssSelector property."
    recommendedFormats: { 'hasPart.cssSelector': 'class selector' },
    source: `${docs}/paywalled-content`,
    checked: '2026-11-27',
  },
];
