/**
 * The watch page player: a <video> without the browser's controls inside a frame that holds our
 * own control bar (control-bar.tsx), so the same bar, menus and shortcuts work in full screen (the
 * frame, not the <video>, goes full screen). Autoplay with the thumbnail as poster and playsInline;
 * when the browser refuses autoplay with sound it starts muted, as video sites do.
 *
 * Two machines own the states: machines/player-chrome.machine.ts the bar (auto-hide, menus) and
 * machines/player-controls.machine.ts the modes (full screen, theater, the shortcuts dialog) and
 * what a shortcut does; this view
 * applies them to the element (media-commands.ts), announces them in a live region, and
 * remembers volume, speed, quality and theater mode per browser (player-preferences.ts).
 *
 * Adaptive streaming: with renditions ready (`hlsUrl`) it plays HLS, natively or with hls.js
 * (hls-playback.ts), and offers the quality menu when hls.js chooses the rendition.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { visuallyHidden } from '../../ui/visually-hidden';
import {
  playerChromeMachine,
  selectControlsShown,
  selectOpenMenu,
} from '../../../machines/player-chrome.machine';
import {
  playerControlsMachine,
  selectAnnouncement,
  selectIsFullscreen,
  selectIsTheater,
  selectShortcutsOpen,
} from '../../../machines/player-controls.machine';
import type { PlayerCommand } from '../../../machines/player-keymap';
import { useEmitted } from '../../use-emitted';
import type { Caption } from '../../../contract/captions';
import type { VideoItem } from '../../../contract/shapes';
import { srcSetOf } from '../../../contract/srcset';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import { chosenLanguage, showTrack } from './caption-tracks';
import { CaptionCues } from './caption-cues';
import { ControlBar } from './control-bar';
import { useHlsPlayback } from './hls-playback';
import { applyMediaCommand, seekTo, setSpeed, setVolume, speedLabel } from './media-commands';
import { readPreferences, savePreferences } from './player-preferences';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useMediaState } from './use-media-state';
import { usePlayerKeys } from './use-player-keys';

const Frame = styled.div<{ $hideCursor: boolean }>`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  /* The menus size themselves to the player (cqw). */
  container-type: inline-size;
  cursor: ${({ $hideCursor }) => ($hideCursor ? 'none' : 'auto')};
  &[data-theater='true'] {
    border-radius: 0;
    max-height: calc(100vh - 160px);
  }
  &:fullscreen {
    border-radius: 0;
    aspect-ratio: auto;
    max-height: none;
    width: 100%;
    height: 100%;
  }
  video,
  img {
    width: 100%;
    height: 100%;
    display: block;
    object-fit: contain;
    background: #000;
  }
`;

/**
 * The player before it runs, as the server renders the watch page (issue 35): the poster in the
 * player's frame, as the `<video>` shows it before playing (contained), so the page's largest
 * paint arrives with the HTML. The browser puts the player in its place once hydrated.
 */
export function PlayerPoster({
  video,
  onChosen,
}: {
  video: Pick<VideoItem, 'thumbnail' | 'thumbnailSizes' | 'title'>;
  /**
   * The width the browser chose from the srcset (its URL), for the player's own poster after
   * hydration: the same image, not a second download of the largest one.
   */
  onChosen?: (url: string) => void;
}) {
  return (
    <Frame data-testid="player-poster" $hideCursor={false}>
      <img
        src={video.thumbnail}
        srcSet={srcSetOf(video.thumbnailSizes)}
        sizes={THUMBNAIL_SIZES.player}
        alt={`Video: ${video.title}`}
        fetchPriority="high"
        ref={(img) => {
          if (img?.currentSrc) onChosen?.(img.currentSrc);
        }}
      />
    </Frame>
  );
}

const LiveRegion = styled.div`
  ${visuallyHidden}
`;

export interface VideoPlayerProps {
  /** The uploaded MP4. */
  src: string;
  /** The HLS master playlist, null while no rendition is ready. */
  hlsUrl?: string | null;
  poster: string;
  title: string;
  /** Theater mode changed (the watch page widens its layout). */
  onTheaterChange?: (on: boolean) => void;
  /** The element playing now (a fresh one when the source changes), for resume and reporting. */
  onElement?: (element: HTMLVideoElement | null) => void;
  /** Shown over the picture, above the bar (the resume notice); told whether the bar shows. */
  overlay?: (controlsShown: boolean) => ReactNode;
  /** Issue 34: the video's captions, one `<track>` each (caption-tracks.ts). */
  captions?: Caption[];
}

export function VideoPlayer({
  src,
  hlsUrl = null,
  poster,
  title,
  onTheaterChange,
  onElement,
  overlay,
  captions = [],
}: VideoPlayerProps) {
  // Read once per player: what this browser chose last time.
  const [preferences] = useState(readPreferences);
  const video = useRef<HTMLVideoElement | null>(null);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const hls = useHlsPlayback(video, src, hlsUrl, preferences.quality);
  const { source, autoplay } = hls;
  const media = useMediaState(element);
  const controls = useActorRef(playerControlsMachine, {
    input: { hasCaptions: false },
  });
  useEffect(() => {
    if (preferences.theater) controls.send({ type: 'RESTORE_THEATER' });
  }, [controls, preferences]);
  const chrome = useActorRef(playerChromeMachine);
  const shown = useSelector(chrome, selectControlsShown);
  const openMenu = useSelector(chrome, selectOpenMenu);
  const fullscreen = useSelector(controls, selectIsFullscreen);
  const theater = useSelector(controls, selectIsTheater);
  const shortcutsOpen = useSelector(controls, selectShortcutsOpen);
  const announcement = useSelector(controls, selectAnnouncement);
  // Issue 34: the language shown (null: off), and the one CC turns back on.
  const [captionLanguage, setCaptionLanguage] = useState<string | null>(null);
  const lastLanguage = useRef<string | null>(preferences.captions);
  useEffect(() => {
    controls.send({ type: 'CAPTIONS_LISTED', has: captions.length > 0 });
    setCaptionLanguage(chosenLanguage(captions, readPreferences().captions));
  }, [captions, controls]);
  useEffect(() => {
    if (!element) return;
    const apply = () => showTrack(element, captionLanguage);
    apply();
    // A track loads after the element: turn the chosen one on again when it does.
    const tracks = Array.from(element.querySelectorAll('track'));
    tracks.forEach((t) => t.addEventListener('load', apply));
    element.addEventListener('loadedmetadata', apply);
    return () => {
      tracks.forEach((t) => t.removeEventListener('load', apply));
      element.removeEventListener('loadedmetadata', apply);
    };
  }, [element, captionLanguage, captions]);
  const chooseCaptions = (language: string | null) => {
    setCaptionLanguage(language);
    if (language) lastLanguage.current = language;
    savePreferences({ captions: language });
    const label = captions.find((c) => c.language === language)?.label;
    controls.send({ type: 'ANNOUNCE', text: label ? `Subtitles ${label}` : 'Subtitles off' });
  };
  const toggleCaptions = () =>
    chooseCaptions(
      captionLanguage
        ? null
        : (chosenLanguage(captions, lastLanguage.current) ?? captions[0]?.language ?? null),
    );

  // The latest callback, so that a new one per render does not re-attach the element.
  const reportElement = useRef(onElement);
  useEffect(() => {
    reportElement.current = onElement;
  });
  const attach = useCallback(
    (node: HTMLVideoElement | null) => {
      video.current = node;
      setElement(node);
      reportElement.current?.(node);
      if (!node) return;
      node.volume = preferences.volume;
      node.muted = preferences.muted;
      setSpeed(node, preferences.speed);
      // The element resets its rate when a source loads; the viewer's speed stays.
      node.addEventListener('loadedmetadata', () => setSpeed(node, readPreferences().speed));
    },
    [preferences],
  );

  useEffect(() => {
    onTheaterChange?.(theater);
  }, [theater, onTheaterChange]);

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

  useEffect(() => {
    if (!element) return;
    const playing = () => chrome.send({ type: 'PLAYING' });
    const paused = () => chrome.send({ type: 'PAUSED' });
    element.addEventListener('playing', playing);
    element.addEventListener('pause', paused);
    element.addEventListener('ended', paused);
    return () => {
      element.removeEventListener('playing', playing);
      element.removeEventListener('pause', paused);
      element.removeEventListener('ended', paused);
    };
  }, [element, chrome]);

  useEffect(() => {
    const changed = () =>
      controls.send({
        type: 'FULLSCREEN_CHANGED',
        on: document.fullscreenElement !== null && document.fullscreenElement === frame.current,
      });
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [controls]);

  const run = (command: PlayerCommand) => {
    const element = video.current;
    if (!element) return;
    if (command.type === 'toggleCaptions') return toggleCaptions();
    const said = applyMediaCommand(element, command);
    if (command.type === 'volumeBy' || command.type === 'toggleMute') {
      savePreferences({ volume: element.volume, muted: element.muted });
    }
    if (command.type === 'speedStep') savePreferences({ speed: element.playbackRate });
    if (said) controls.send({ type: 'ANNOUNCE', text: said });
  };

  useEmitted(controls, {
    media: ({ command }) => run(command),
    fullscreen: ({ enter }) => {
      const request = enter
        ? frame.current?.requestFullscreen?.()
        : document.fullscreenElement
          ? document.exitFullscreen()
          : undefined;
      request?.catch((error: unknown) => console.error('Full screen refused:', error));
    },
    theater: ({ on }) => savePreferences({ theater: on }),
  });
  useEmitted(chrome, {
    speed: ({ rate }) => {
      if (!video.current) return;
      setSpeed(video.current, rate);
      savePreferences({ speed: rate });
      controls.send({ type: 'ANNOUNCE', text: `Speed ${speedLabel(rate)}` });
    },
    quality: ({ level }) => {
      hls.chooseLevel(level);
      const chosen = hls.renditions.find((r) => r.level === level);
      savePreferences({ quality: chosen?.height ?? null });
      controls.send({ type: 'ANNOUNCE', text: `Quality ${chosen?.name ?? 'Auto'}` });
    },
    captions: ({ language }) => chooseCaptions(language),
  });

  usePlayerKeys((command) => {
    // A shortcut shows the bar, as a pointer move does (what changed is seen).
    chrome.send({ type: 'ACTIVITY' });
    controls.send({ type: 'KEY', command });
  });

  const togglePlay = () => run({ type: 'togglePlay' });

  return (
    <Frame
      ref={frame}
      data-testid="player"
      data-theater={theater && !fullscreen}
      $hideCursor={!shown && fullscreen}
      onPointerMove={() => chrome.send({ type: 'ACTIVITY' })}
    >
      <video
        ref={attach}
        // A fresh element per source: one hls.js attached to is not reused for the MP4.
        key={`${source.kind}:${source.url}`}
        // hls.js feeds the element itself; the others load their URL.
        src={source.kind === 'hlsjs' ? undefined : source.url}
        data-source={source.kind}
        poster={poster}
        autoPlay={autoplay}
        playsInline
        preload="auto"
        aria-label={`Video: ${title}`}
        onClick={togglePlay}
        onDoubleClick={() => controls.send({ type: 'TOGGLE_FULLSCREEN' })}
        onError={source.kind === 'native' ? hls.fallBack : undefined}
      >
        {captions.map((c) => (
          <track key={c.url} kind="subtitles" src={c.url} srcLang={c.language} label={c.label} />
        ))}
      </video>
      <CaptionCues element={element} language={captionLanguage} raised={shown} />
      {/* Out of the way while a menu of the bar is open. */}
      {overlay?.(shown && openMenu === null)}
      <ControlBar
        media={media}
        shown={shown}
        openMenu={openMenu}
        fullscreen={fullscreen}
        theater={theater}
        renditions={hls.renditions}
        level={hls.level}
        playingHeight={hls.playingHeight}
        onTogglePlay={togglePlay}
        onSeek={(seconds) => video.current && seekTo(video.current, seconds)}
        onToggleMute={() => run({ type: 'toggleMute' })}
        onVolume={(volume) => {
          if (!video.current) return;
          setVolume(video.current, volume);
          savePreferences({ volume: video.current.volume, muted: video.current.muted });
        }}
        onMenu={(menu) => chrome.send(menu ? { type: 'OPEN_MENU', menu } : { type: 'CLOSE_MENU' })}
        onSpeed={(rate) => chrome.send({ type: 'CHOOSE_SPEED', rate })}
        onQuality={(level) => chrome.send({ type: 'CHOOSE_QUALITY', level })}
        captions={captions}
        captionLanguage={captionLanguage}
        onToggleCaptions={toggleCaptions}
        onCaptions={(language) => chrome.send({ type: 'CHOOSE_CAPTIONS', language })}
        onShortcuts={() => controls.send({ type: 'SHOW_SHORTCUTS' })}
        onTheater={() => controls.send({ type: 'TOGGLE_THEATER' })}
        onFullscreen={() => controls.send({ type: 'TOGGLE_FULLSCREEN' })}
        onHold={(held) => chrome.send({ type: held ? 'HOLD' : 'RELEASE' })}
      />
      <LiveRegion aria-live="polite" role="status" data-testid="player-announcer">
        <span key={announcement.seq}>{announcement.text}</span>
      </LiveRegion>
      {shortcutsOpen &&
        createPortal(
          <ShortcutsDialog onClose={() => controls.send({ type: 'CLOSE_SHORTCUTS' })} />,
          // In full screen only the frame shows; elsewhere the page's body, since the frame is a
          // size container (its menus read cqw) and would hold a fixed overlay inside itself.
          (fullscreen && frame.current) || document.body,
        )}
    </Frame>
  );
}
