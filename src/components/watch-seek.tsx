/**
 * What the watch page shares with its player and its texts (issue 34): the video's chapters and
 * seek-preview map for the seek bar, and `seek` for timestamp links in the description and the
 * comments. Outside a watch page there is no provider: no chapters, no previews, and timestamps
 * stay plain text.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Chapter } from '../../machines/chapters';
import { timestampParts } from '../../machines/chapters';

export interface WatchSeek {
  chapters: Chapter[];
  /** The seek-preview WebVTT map (VideoDetail.seekPreviews), null without one. */
  previews: string | null;
  /** Moves the player to `seconds` and plays. */
  seek: (seconds: number) => void;
}

const WatchSeekContext = createContext<WatchSeek | null>(null);

export const WatchSeekProvider = WatchSeekContext.Provider;

export const useWatchSeek = () => useContext(WatchSeekContext);

/** Text whose timestamps (`1:23`, `1:02:03`) are links that seek the player. */
export function TimestampText({ text }: { text: string }): ReactNode {
  const watch = useWatchSeek();
  if (!watch) return text;
  return timestampParts(text).map((part, i) =>
    'seconds' in part ? (
      <a
        key={i}
        href={`?t=${part.seconds}`}
        data-testid="timestamp-link"
        onClick={(event) => {
          event.preventDefault();
          watch.seek(part.seconds);
        }}
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
