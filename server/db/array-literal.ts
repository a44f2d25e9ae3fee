/**
 * A PostgreSQL array literal of texts, bound as one text parameter and cast in the statement
 * (`${arrayLiteral(values)}::text[]`): one value however many elements. Every element is
 * double-quoted with its quotes and backslashes escaped, so no value can break out of it.
 */
export const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
