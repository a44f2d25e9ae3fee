/**
 * Where the player's <video> gets its picture: the HLS master playlist once renditions exist, the
 * uploaded MP4 otherwise. Wherever Media Source Extensions exist, hls.js feeds the element, so
 * the viewer can choose the quality; recent Chrome and Safari also claim to play HLS themselves,
 * but then choose the quality alone. Only without MSE (iPhones before iOS 17.1) does the browser
 * play the playlist itself. hls.js is imported
 * here, when a video with renditions is opened, so it never weighs on the other pages; its light
 * build, since our streams have no DRM, subtitles or alternate audio. Anything
 * that stops HLS (no MSE, a fatal hls.js error, the native player refusing the playlist) falls
 * back to the MP4 for the rest of this video, from where the viewer was: the MP4 is a fresh
 * element that would start at 0, so the position and whether it played are carried over.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js/light';

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** The codecs of every rendition (server/media/hls): H.264 Main and AAC-LC. */
const H264_AAC = 'video/mp4; codecs="avc1.4d401f,mp4a.40.2"';

/** hls.js's `currentLevel` for automatic quality. */
export const AUTO_LEVEL = -1;

export interface Rendition {
  /** The hls.js level index. */
  level: number;
  /** "720p". */
  name: string;
  height: number;
}

export type PlaybackSource =
  { kind: 'mp4'; url: string } | { kind: 'native'; url: string } | { kind: 'hlsjs'; url: string };

/** Which source plays: decided once per video, before anything loads. */
function chooseSource(mp4: string, hlsUrl: string | null, fallback: boolean): PlaybackSource {
  if (!hlsUrl || fallback) return { kind: 'mp4', url: mp4 };
  if (hasMediaSource()) return { kind: 'hlsjs', url: hlsUrl };
  const probe = document.createElement('video');
  if (probe.canPlayType(HLS_MIME) !== '') return { kind: 'native', url: hlsUrl };
  return { kind: 'mp4', url: mp4 };
}

/** What hls.js needs (its own isSupported() says the same, but would cost loading it first). */
function hasMediaSource(): boolean {
  const scope = window as { ManagedMediaSource?: unknown; MediaSource?: typeof MediaSource };
  return (
    scope.ManagedMediaSource !== undefined ||
    scope.MediaSource?.isTypeSupported?.(H264_AAC) === true
  );
}

/** Where the element stood when HLS stopped, for the MP4 to continue from. */
interface ResumePoint {
  time: number;
  playing: boolean;
}

function resumePointOf(element: HTMLVideoElement | null): ResumePoint | null {
  if (!element || element.currentTime === 0) return null;
  return { time: element.currentTime, playing: !element.paused && !element.ended };
}

/** Seeks the fresh element once it knows its duration (a seek before that is ignored). */
function seekWhenLoaded(element: HTMLVideoElement, time: number): () => void {
  const seek = () => {
    element.currentTime = time;
  };
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) {
    seek();
    return () => undefined;
  }
  element.addEventListener('loadedmetadata', seek, { once: true });
  return () => element.removeEventListener('loadedmetadata', seek);
}

export interface HlsPlayback {
  source: PlaybackSource;
  /** Whether the element should start by itself: false when HLS stopped while it was paused. */
  autoplay: boolean;
  /** The renditions hls.js offers, highest first; empty unless hls.js plays. */
  renditions: Rendition[];
  /** The chosen level, AUTO_LEVEL for automatic. */
  level: number;
  /** The height of the rendition playing now (what "Auto (720p)" shows); null before one plays. */
  playingHeight: number | null;
  chooseLevel: (level: number) => void;
  /** The element refused the source (a native HLS error): play the MP4 from where it was. */
  fallBack: () => void;
}

/** The rendition of `height`, or the nearest below it (the lowest when all are above). */
export function levelForHeight(renditions: Rendition[], height: number | null): number {
  if (height === null || renditions.length === 0) return AUTO_LEVEL;
  const below = renditions.filter((r) => r.height <= height);
  const pick = below.length > 0 ? below[0] : renditions[renditions.length - 1];
  return pick?.level ?? AUTO_LEVEL;
}

export function useHlsPlayback(
  video: RefObject<HTMLVideoElement | null>,
  mp4: string,
  hlsUrl: string | null,
  /** The height this browser chose last time (player-preferences.ts); null for Auto. */
  preferredHeight: number | null = null,
): HlsPlayback {
  const [fallback, setFallback] = useState(false);
  const [resume, setResume] = useState<ResumePoint | null>(null);
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [level, setLevel] = useState(AUTO_LEVEL);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  // Read once when the manifest arrives; a later change of preference is the viewer's own choice.
  const preferred = useRef(preferredHeight);
  const hls = useRef<Hls | null>(null);
  // A new object only when the video or the fallback changes: the effect below restarts on it.
  const source = useMemo(() => chooseSource(mp4, hlsUrl, fallback), [mp4, hlsUrl, fallback]);
  // Read before the HLS element is torn down (hls.js's destroy() empties it back to 0).
  const fallBack = useCallback(() => {
    setResume(resumePointOf(video.current));
    setFallback(true);
  }, [video]);

  useEffect(() => {
    const element = video.current;
    if (source.kind !== 'mp4' || !element || !resume) return;
    return seekWhenLoaded(element, resume.time);
  }, [video, source, resume]);

  useEffect(() => {
    const element = video.current;
    if (source.kind !== 'hlsjs' || !element) return;
    let cancelled = false;
    void import('hls.js/light')
      .then(({ default: HlsPlayer }) => {
        if (cancelled) return;
        if (!HlsPlayer.isSupported()) {
          fallBack();
          return;
        }
        const player = new HlsPlayer();
        hls.current = player;
        player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
          const offered = data.levels
            .map((l, index) => ({ level: index, name: `${l.height}p`, height: l.height }))
            .sort((a, b) => b.height - a.height);
          setRenditions(offered);
          const remembered = levelForHeight(offered, preferred.current);
          if (remembered !== AUTO_LEVEL) {
            player.currentLevel = remembered;
            setLevel(remembered);
          }
        });
        player.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, data) => {
          setPlayingHeight(player.levels[data.level]?.height ?? null);
        });
        player.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal) return; // hls.js recovers from the others itself
          console.error('HLS playback failed, playing the MP4:', data.details);
          fallBack();
          player.destroy();
          hls.current = null;
        });
        player.loadSource(source.url);
        player.attachMedia(element);
      })
      .catch(() => {
        if (!cancelled) fallBack();
      });
    return () => {
      cancelled = true;
      hls.current?.destroy();
      hls.current = null;
      setRenditions([]);
      setLevel(AUTO_LEVEL);
      setPlayingHeight(null);
    };
  }, [video, source, fallBack]);

  const chooseLevel = useCallback((next: number) => {
    if (!hls.current) return;
    hls.current.currentLevel = next;
    setLevel(next);
  }, []);

  return {
    source,
    autoplay: resume?.playing ?? true,
    renditions,
    level,
    playingHeight,
    chooseLevel,
    fallBack,
  };
}
