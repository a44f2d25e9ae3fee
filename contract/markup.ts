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

/**
 * JSON text made safe inside an HTML `<script type="application/json">` element: `<`, `>` and `&`
 * as `\u` escapes, so no value can write `</script>` or `<!--` and leave the element, and U+2028 /
 * U+2029, which older JavaScript parsers took for line ends. JSON.parse reads the same value back.
 */
export const jsonForHtml = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
