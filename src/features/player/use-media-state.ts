/**
 * What the control bar shows about the <video>, read from the element's own events: whether it
 * plays, time, duration, what is buffered, volume, mute and speed. The element is the truth;
 * this mirrors it for rendering. `element` changes when the source changes (a fresh element).
 */
import { useEffect, useState } from 'react';

export interface MediaState {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  /** Buffered ranges in seconds. */
  buffered: Array<[number, number]>;
  volume: number;
  muted: boolean;
  rate: number;
}

const EVENTS = [
  'play',
  'pause',
  'playing',
  'ended',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'progress',
  'volumechange',
  'ratechange',
  'seeked',
  'emptied',
] as const;

function read(element: HTMLVideoElement): MediaState {
  const buffered: Array<[number, number]> = [];
  for (let i = 0; i < element.buffered.length; i++) {
    buffered.push([element.buffered.start(i), element.buffered.end(i)]);
  }
  return {
    paused: element.paused,
    ended: element.ended,
    currentTime: element.currentTime,
    duration: Number.isFinite(element.duration) ? element.duration : 0,
    buffered,
    volume: element.volume,
    muted: element.muted,
    rate: element.playbackRate,
  };
}

const initial: MediaState = {
  paused: true,
  ended: false,
  currentTime: 0,
  duration: 0,
  buffered: [],
  volume: 1,
  muted: false,
  rate: 1,
};

export function useMediaState(element: HTMLVideoElement | null): MediaState {
  const [state, setState] = useState<MediaState>(initial);
  useEffect(() => {
    if (!element) return;
    const update = () => setState(read(element));
    update();
    for (const type of EVENTS) element.addEventListener(type, update);
    return () => {
      for (const type of EVENTS) element.removeEventListener(type, update);
    };
  }, [element]);
  return state;
}
