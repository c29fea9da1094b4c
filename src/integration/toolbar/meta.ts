// How the dev toolbar app is named, and where it reads the page's inspection. No imports: the app runs in the
// browser, and whatever it imports is bundled for the browser.

/** The inspection island's element id, read by the toolbar app. */
export const INSPECTION_ELEMENT_ID = 'astro-schema-manager-inspection';

/** The app's id in the toolbar (tests find its button by it). */
export const TOOLBAR_APP_ID = 'astro-schema-manager';

/** A `{ }` brace pair over a page: JSON-LD in the head. */
export const TOOLBAR_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M8 3H7a2 2 0 0 0-2 2v5a2 2 0 0 1-2 2 2 2 0 0 1 2 2v5a2 2 0 0 0 2 2h1"/><path d="M16 3h1a2 2 0 0 1 2 2v5a2 2 0 0 0 2 2 2 2 0 0 0-2 2v5a2 2 0 0 1-2 2h-1"/></svg>';
