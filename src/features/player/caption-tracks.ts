/**
 * Captions in the player (issue 34): each of the video's WebVTT files is a
 * `<track kind="subtitles">` of the <video>, so every playback path has them (the MP4, native HLS
 * and hls.js alike: the element loads the cues; caption-cues.tsx draws them). One track shows at a time; which one is
 * remembered per browser (player-preferences.ts `captions`).
 */
import { useEffect, useState } from 'react';
import type { Caption } from '../../../contract/captions';
import { listCaptions } from '../../api/captions';

/** The video's captions for the watch page's player ([] until read, or when they fail). */
export function useCaptionList(videoId: string): Caption[] {
  const [captions, setCaptions] = useState<Caption[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    // No caption list is no captions: the player works without them, nothing to show or retry.
    listCaptions(videoId, abort.signal).then(setCaptions, () => setCaptions([]));
    return () => abort.abort();
  }, [videoId]);
  return captions;
}

/**
 * Which language to show, given what this browser chose last (null: off): the same tag, else the
 * same language in another region (pt-BR for pt), else off. A viewer who chose English is not
 * shown Korean because the next video has only that.
 */
export function chosenLanguage(captions: Caption[], preferred: string | null): string | null {
  if (!preferred) return null;
  const exact = captions.find((c) => c.language === preferred);
  if (exact) return exact.language;
  const base = preferred.split('-')[0];
  return captions.find((c) => c.language.split('-')[0] === base)?.language ?? null;
}

/**
 * Turns on the track of `language` (null: none) on the element's text tracks: `hidden`, so its
 * cues load and become active while the player draws them itself (caption-cues.tsx).
 */
export function showTrack(element: HTMLVideoElement, language: string | null): void {
  const tracks = element.textTracks as TextTrackList | undefined;
  if (!tracks) return;
  for (let i = 0; i < tracks.length; i += 1) {
    const track = tracks[i];
    if (!track || track.kind !== 'subtitles') continue;
    track.mode = track.language === language ? 'hidden' : 'disabled';
  }
}
