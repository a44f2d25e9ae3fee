/**
 * The watch page's player with resume where you left off: the player (video-player.tsx) starts at
 * the page's start point, reports the position while the video plays (use-watch-progress.ts), and
 * offers "Start over" when it resumed.
 */
import { useState } from 'react';
import type { VideoDetail } from '../../../contract/videos';
import type { StartPoint } from '../../../machines/watch-resume';
import { ResumeNotice } from './resume-notice';
import { useWatchProgress } from './use-watch-progress';
import { VideoPlayer } from './video-player';

export function WatchedPlayer({
  video,
  start,
  onTheaterChange,
  onElement,
}: {
  video: VideoDetail;
  start: StartPoint;
  onTheaterChange: (on: boolean) => void;
  /** The element playing now (Share reads its time). */
  onElement?: (element: HTMLVideoElement | null) => void;
}) {
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const { notice, startOver, dismiss } = useWatchProgress(video._id, start, element);
  return (
    <VideoPlayer
      src={video.videoFile}
      hlsUrl={video.processing.hlsUrl}
      poster={video.thumbnail}
      title={video.title}
      onTheaterChange={onTheaterChange}
      onElement={(next) => {
        setElement(next);
        onElement?.(next);
      }}
      overlay={(shown) =>
        notice !== null && (
          <ResumeNotice
            seconds={notice}
            shown={shown}
            onStartOver={startOver}
            onDismiss={dismiss}
          />
        )
      }
    />
  );
}
