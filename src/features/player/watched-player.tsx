/**
 * The watch page's player with resume where you left off: the player (video-player.tsx) starts at
 * the page's start point, reports the position while the video plays (use-watch-progress.ts), and
 * offers "Start over" when it resumed. For autoplay (issue 31) it tells the page when the video
 * ended and when the viewer played or seeked again, and shows the page's countdown over it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { VideoDetail } from '../../../contract/videos';
import type { StartPoint } from '../../../machines/watch-resume';
import { useCaptionList } from './caption-tracks';
import { ResumeNotice } from './resume-notice';
import { useWatchProgress } from './use-watch-progress';
import { VideoPlayer } from './video-player';

export function WatchedPlayer({
  video,
  poster,
  start,
  onTheaterChange,
  onElement,
  onEnded,
  onResumed,
  countdown,
}: {
  video: VideoDetail;
  /** The poster's URL, when the page already showed one of its widths; else the largest. */
  poster?: string | undefined;
  start: StartPoint;
  onTheaterChange: (on: boolean) => void;
  /** The element playing now (Share reads its time). */
  onElement?: (element: HTMLVideoElement | null) => void;
  /** The video played to its end. */
  onEnded?: () => void;
  /** The viewer played or seeked (after the end, that cancels autoplay's countdown). */
  onResumed?: () => void;
  /** Autoplay's countdown, over the picture while it runs. */
  countdown?: ReactNode;
}) {
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const { notice, startOver, dismiss } = useWatchProgress(video._id, start, element);
  const captions = useCaptionList(video._id);
  useEffect(() => {
    if (!element) return;
    const ended = () => onEnded?.();
    const resumed = () => onResumed?.();
    element.addEventListener('ended', ended);
    element.addEventListener('play', resumed);
    element.addEventListener('seeking', resumed);
    return () => {
      element.removeEventListener('ended', ended);
      element.removeEventListener('play', resumed);
      element.removeEventListener('seeking', resumed);
    };
  }, [element, onEnded, onResumed]);
  return (
    <VideoPlayer
      src={video.videoFile}
      hlsUrl={video.processing.hlsUrl}
      poster={poster ?? video.thumbnail}
      title={video.title}
      captions={captions}
      onTheaterChange={onTheaterChange}
      onElement={(next) => {
        setElement(next);
        onElement?.(next);
      }}
      overlay={(shown) => (
        <>
          {notice !== null && (
            <ResumeNotice
              seconds={notice}
              shown={shown}
              onStartOver={startOver}
              onDismiss={dismiss}
            />
          )}
          {countdown}
        </>
      )}
    />
  );
}
