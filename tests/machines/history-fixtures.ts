/** Watch history entries and pages for the history machine's model and stories. */
import type { HistoryEntry, HistoryPage } from '../../contract/history.js';
import type { VideoItem } from '../../contract/shapes.js';

export function historyEntry(n: number): HistoryEntry {
  const video: VideoItem = {
    _id: `v${n}`,
    title: `Watched ${n}`,
    description: `About ${n}`,
    thumbnail: `/media/thumbnails/v${n}.webp`,
    videoFile: `/media/videos/v${n}.mp4`,
    duration: 60,
    views: n,
    isPublished: true,
    tags: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    owner: { _id: 'u_olive', userName: 'olive', fullName: 'Olive Owner', avatar: '' },
  };
  return { _id: `h${n}`, watchedAt: '2026-02-01T00:00:00.000Z', video, progressSeconds: null };
}

/** Page `page` of a history of `total` entries, `limit` per page, as the server answers it. */
export function historyPage(page: number, total: number, limit: number): HistoryPage {
  const from = (page - 1) * limit;
  const count = Math.max(0, Math.min(limit, total - from));
  return {
    history: Array.from({ length: count }, (_, i) => historyEntry(from + i + 1)),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    totalHistory: total,
  };
}
