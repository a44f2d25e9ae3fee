/**
 * The watch page player: the browser's own <video> with autoplay, controls, the thumbnail as
 * poster and playsInline (no forced fullscreen on phones). Native controls give keyboard, seek
 * and fullscreen support for free. When the browser refuses autoplay with sound (no user gesture
 * yet), it starts muted instead, as video sites do; the user unmutes with the controls.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

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
  poster,
  title,
}: {
  src: string;
  poster: string;
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    // jsdom has no media playback; play() is absent or returns undefined there.
    if (!element || typeof element.play !== 'function') return;
    const started = element.play() as Promise<void> | undefined;
    started?.catch(() => {
      if (!element.paused) return;
      element.muted = true;
      element.play().catch(() => {
        /* the user starts it with the controls */
      });
    });
  }, [src]);

  return (
    <Frame>
      <video
        ref={video}
        key={src}
        src={src}
        poster={poster}
        autoPlay
        controls
        playsInline
        preload="auto"
        aria-label={`Video: ${title}`}
      />
    </Frame>
  );
}
