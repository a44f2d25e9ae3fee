/**
 * What fixed searches find first, printed so that a change to search (capped totals, the ranked
 * candidate set) can be compared by eye with the figures of an earlier run: a broad word, two
 * words and a rare word of the catalogue (bench/.data, the demo plus synthetic videos).
 */
import type { Row } from './lib/table.js';

export const SEARCHES = {
  /** A tag word: about a quarter of the catalogue. */
  broad: 'music',
  /** Two words of one subject: about 2 % match both, many more one of them. */
  twoWords: 'guitar riff',
  /** One demo video's word. */
  rare: 'capacitor',
} as const;

const TOP = 5;

export async function topResults(baseUrl: string, bench: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const query of Object.values(SEARCHES)) {
    const url = `${baseUrl}/api/v1/videos?page=1&limit=${TOP}&query=${encodeURIComponent(query)}`;
    const res = await fetch(url);
    const body = (await res.json()) as {
      data: { videos: { title: string }[]; totalVideos: number; totalIsLowerBound?: boolean };
    };
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const { videos, totalVideos, totalIsLowerBound } = body.data;
    const total = totalIsLowerBound ? `${(totalVideos - 1).toLocaleString('en-US')}+` : totalVideos;
    rows.push({
      bench,
      metric: `top ${TOP} for "${query}" (${total} results)`,
      value: videos.map((v) => v.title).join(' · '),
    });
  }
  return rows;
}
