const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const SPECIAL = /[&<>"']/g;
const HAS_SPECIAL = /[&<>"']/;

/**
 * Text made safe for HTML element content and for quoted attribute values: `& < > " '` become
 * entities, nothing else changes. Every piece of text that did not come from this service's own
 * source code goes through it, once, on the way into the page.
 */
export function escapeHtml(text: string): string {
  // Most transcript text has nothing to escape: skip the regex replacement (and its allocation).
  if (!HAS_SPECIAL.test(text)) return text;
  return text.replace(SPECIAL, (c) => ENTITIES[c]!);
}
