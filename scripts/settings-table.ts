/**
 * `npm run settings:table`: writes docs/operations.md's configuration table from the settings
 * schema (server/settings.ts) and formats it with prettier. tests/server/settings.test.ts fails
 * while the table and the schema disagree.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format } from 'prettier';
import { APP_ROOT } from '../server/app-root.js';
import { settingsMarkdown } from '../server/settings.js';

const file = path.join(APP_ROOT, 'docs/operations.md');
const text = await readFile(file, 'utf8');
const lines = text.split('\n');
const first = lines.findIndex((l) => l.startsWith('| variable'));
let last = first;
while (lines[last + 1]?.startsWith('|')) last++;
if (first < 0) throw new Error('docs/operations.md has no table starting "| variable"');
lines.splice(first, last - first + 1, settingsMarkdown());
await writeFile(file, await format(lines.join('\n'), { filepath: file }));
console.log(`docs/operations.md: ${last - first - 1} rows replaced by the schema's table`);
