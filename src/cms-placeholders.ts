// The CMS's placeholders for a page's meta, `{{meta_title}}` and `{{meta_description}}`: the build fills them from
// the page's meta (head/prepare.ts), and the validator reports one that shipped unfilled (validate/literals.ts).

/** One placeholder; the group is its name. */
export const CMS_PLACEHOLDER = /\{\{\s*(meta_title|meta_description)\s*\}\}/;

/** Whether a text (a schema as JSON) holds one of the CMS's placeholders. */
export function holdsPlaceholder(text: string): boolean {
  return text.includes('{{') && CMS_PLACEHOLDER.test(text);
}
