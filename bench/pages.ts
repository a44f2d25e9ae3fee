/**
 * What the HTML of a page costs the server (issue 35: `/` and `/search` are rendered on the
 * server): requests per second and p50 · p99 of the page's HTML at 10 connections, for a visitor's
 * `/` (rendered once per feed answer, then handed out again), a signed-in `/` (rendered for each
 * request: the header and chips are the user's) and a visitor's `/search?query=…` (rendered for
 * each request), on the demo data, beside the API answer the page is rendered from. In an A/B run
 * against a build without server rendering, the difference is the rendering's cost.
 */
import { signIn } from './lib/http.js';
import { load, type LoadResult } from './lib/load.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

const figure = (result: LoadResult) =>
  `${result.rps.toFixed(0)} req/s, ${ms(result.p50)} · ${ms(result.p99)}` +
  (result.failures ? `, ${result.failures} failed` : '');

export async function benchPages(baseUrl: string): Promise<Row[]> {
  const { cookie } = await signIn(baseUrl);
  const cases: [string, string, Record<string, string>][] = [
    ['GET / (a visitor)', '/', {}],
    ['GET / (signed in)', '/', { cookie }],
    ['GET /search?query=music (a visitor)', '/search?query=music', {}],
    [
      'GET /api/v1/videos?page=1&limit=12 (the feed it shows)',
      '/api/v1/videos?page=1&limit=12',
      {},
    ],
  ];
  const rows: Row[] = [];
  for (const [metric, path, headers] of cases) {
    const result = await load(`${baseUrl}${path}`, {
      seconds: SECONDS,
      connections: CONNECTIONS,
      headers: { accept: 'text/html,application/json', 'accept-encoding': 'br', ...headers },
    });
    rows.push({
      bench: 'pages',
      metric: `${metric}, ${CONNECTIONS} connections`,
      value: figure(result),
    });
  }
  return rows;
}
