/**
 * The watch page player: the browser's own <video> with autoplay, controls, the thumbnail as
 * poster and playsInline (no forced fullscreen on phones). Native controls give keyboard, seek
 * and fullscreen support for free. When the browser refuses autoplay with sound (no user gesture
 * yet), it starts muted instead, as video sites do; the user unmutes with the controls.
 *
 * Adaptive streaming: with renditions ready (`hlsUrl`) it plays HLS, natively or with hls.js
 * (hls-playback.ts), and shows the quality menu when hls.js chooses the rendition; the uploaded
 * MP4 plays until then and whenever HLS cannot.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useHlsPlayback } from './hls-playback';
import { QualityMenu } from './quality-menu';

const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  video {
    width: 100%;
    height: 100%;
    display: block;
    background: #000;
  }
`;

export function VideoPlayer({
  src,
  hlsUrl = null,
  poster,
  title,
}: {
  /** The uploaded MP4. */
  src: string;
  /** The HLS master playlist, null while no rendition is ready. */
  hlsUrl?: string | null;
  poster: string;
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { source, autoplay, renditions, level, chooseLevel, fallBack } = useHlsPlayback(
    video,
    src,
    hlsUrl,
  );

  useEffect(() => {
    const element = video.current;
    // jsdom has no media playback; play() is absent or returns undefined there.
    if (!autoplay || !element || typeof element.play !== 'function') return;
    const started = element.play() as Promise<void> | undefined;
    started?.catch(() => {
      if (!element.paused) return;
      element.muted = true;
      element.play().catch(() => {
        /* the user starts it with the controls */
      });
    });
  }, [source, autoplay]);

  return (
    <div>
      <Frame>
        <video
          ref={video}
          // A fresh element per source: one hls.js attached to is not reused for the MP4.
          key={`${source.kind}:${source.url}`}
          // hls.js feeds the element itself; the others load their URL.
          src={source.kind === 'hlsjs' ? undefined : source.url}
          data-source={source.kind}
          poster={poster}
          autoPlay={autoplay}
          controls
          playsInline
          preload="auto"
          aria-label={`Video: ${title}`}
          onError={source.kind === 'native' ? fallBack : undefined}
        />
      </Frame>
      {renditions.length > 1 && (
        <QualityMenu renditions={renditions} level={level} onChoose={chooseLevel} />
      )}
    </div>
  );
}
