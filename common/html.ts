/**
 * Text made safe to place in HTML, as element content or a quoted attribute
 * value: the search snippets, an article body shown as its source, the
 * consent dialog's address.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
