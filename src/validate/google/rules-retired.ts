// The rich results Google no longer shows, or shows to few sites: reported as info, so a page that still
// carries them learns why no rich result appears.
import type { RichResultRule } from './rich-result-rule.ts';

const checked = '2026-11-22';
const updates = 'https://developers.google.com/search/updates';
const retired = 'https://developers.google.com/search/blog/2025/06/simplifying-search-results';

export const RETIRED_RULES: RichResultRule[] = [
  {
    name: 'FAQ',
    types: ['FAQPage'],
    scope: 'top',
    deprecated:
      'FAQ rich results are no longer shown in Google Search (since May 2026; their documentation was removed in June 2026).',
    source: updates,
    checked: '2026-11-26',
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
    // Course info is a course's instances (hasCourseInstance), which are never at the top.
    name: 'Course info',
    types: ['CourseInstance'],
    within: [{ of: ['Course'], via: 'hasCourseInstance' }],
    deprecated: 'Course info rich results are no longer shown in Google Search (phased out from June 2025).',
    source: retired,
    checked: '2026-11-27',
  },
  {
    // A quiz of multiple-choice or checkbox questions; Education Q&A's flashcards are still shown.
    name: 'Practice problems',
    types: ['Quiz'],
    scope: 'top',
    when: 'hasPart.learningResourceType=Practice problem',
    deprecated:
      'Practice problem rich results are no longer shown in Google Search (their documentation was removed in January 2026).',
    source: updates,
    checked: '2026-11-27',
  },
  ...(
    [
      ['Fact check', ['ClaimReview']],
      ['Estimated salary', ['Occupation']],
      // An article may be a LearningResource too (["Article", "LearningResource"], on Google's paywalled
      // content page): no learning video.
      ['Learning video', ['LearningResource'], ['Article']],
      ['Special announcement', ['SpecialAnnouncement']],
      // Typed with Product too, a car is a merchant listing ("include both Car and Product types").
      ['Vehicle listing', ['Car'], [], true],
    ] as const
  ).map(
    ([name, types, exclude = [], alone = false]): RichResultRule => ({
      name,
      types: [...types],
      // Course and Quiz are LearningResources with rich results of their own; Google asks a MathSolver to be
      // a LearningResource too.
      exclude: ['Course', 'Quiz', 'Syllabus', 'MathSolver', ...exclude],
      ...(alone ? { alone } : {}),
      scope: 'top',
      deprecated: `${name} rich results are no longer shown in Google Search (phased out from June 2025).`,
      source: retired,
      checked,
    }),
  ),
  {
    name: 'Sitelinks search box',
    types: ['WebSite'],
    scope: 'top',
    when: 'potentialAction',
    deprecated: 'The sitelinks search box is no longer shown in Google Search (since November 2024).',
    source: 'https://developers.google.com/search/blog/2024/10/sitelinks-search-box',
    checked,
  },
];
