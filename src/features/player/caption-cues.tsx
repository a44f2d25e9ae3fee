/**
 * The captions' text over the picture, drawn by the player rather than the browser (issue 34).
 * The chosen track is `hidden` (caption-tracks.ts): the element still loads its cues and tells
 * which are active, but draws nothing, so the cues can sit above the control bar while it shows
 * and drop to the bottom when it hides, at the player's size (full screen too). The browser's own
 * drawing put them under the bar, where no cue setting could lift them in Chromium.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';

const Box = styled.div<{ $raised: boolean }>`
  position: absolute;
  left: 5%;
  right: 5%;
  /* Above the bar (about 64 px over the picture's bottom) while it shows. */
  bottom: ${({ $raised }) => ($raised ? '72px' : '16px')};
  transition: bottom 0.2s ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  pointer-events: none;
  text-align: center;
  /* 18 px on a phone's 390 px player, about 28 px at 1280, up to 40 px in full screen. */
  font-size: clamp(16px, 3.2cqw, 40px);
  line-height: 1.35;
`;

const Line = styled.span`
  color: #fff;
  background: rgba(8, 8, 8, 0.78);
  padding: 0 0.3em;
  white-space: pre-wrap;
`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0' };

/** A cue's text as words: its tags (b, i, v Speaker, c.class…) dropped, entities read. */
export function cueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

function activeTexts(track: TextTrack | undefined): string[] {
  return Array.from(track?.activeCues ?? []).map((cue) => cueText((cue as VTTCue).text));
}

/** The active cues of `element`'s subtitles track in `language` (none when null). */
export function CaptionCues({
  element,
  language,
  raised,
}: {
  element: HTMLVideoElement | null;
  language: string | null;
  raised: boolean;
}) {
  const [texts, setTexts] = useState<string[]>([]);
  useEffect(() => {
    setTexts([]);
    if (!element || !language) return;
    const tracks = element.textTracks as TextTrackList | undefined;
    if (!tracks) return;
    const find = () =>
      Array.from(tracks).find((t) => t.kind === 'subtitles' && t.language === language);
    const update = () => setTexts(activeTexts(find()));
    // The track element may be added after this effect: follow the list's changes too.
    let watched: TextTrack | undefined;
    const watch = () => {
      const track = find();
      if (track === watched) return;
      watched?.removeEventListener('cuechange', update);
      watched = track;
      watched?.addEventListener('cuechange', update);
      update();
    };
    watch();
    tracks.addEventListener?.('addtrack', watch);
    tracks.addEventListener?.('change', watch);
    return () => {
      watched?.removeEventListener('cuechange', update);
      tracks.removeEventListener?.('addtrack', watch);
      tracks.removeEventListener?.('change', watch);
    };
  }, [element, language]);
  if (texts.length === 0) return null;
  return (
    <Box $raised={raised} data-testid="caption-cues" lang={language ?? undefined}>
      {texts.map((text, i) => (
        <Line key={i}>{text}</Line>
      ))}
    </Box>
  );
}
