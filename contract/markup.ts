/**
 * Escaping for text placed in XML and HTML, attributes included (the five predefined entities).
 * Control characters XML 1.0 cannot carry at all are dropped, so no title breaks a feed reader.
 */
export const escapeMarkup = (value: string): string =>
  value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
