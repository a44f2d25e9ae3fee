/**
 * The watch page's Up next and autoplay (issue 31): the list's actor, the autoplay actor with the
 * switch restored from this browser's player preferences, and what the player reports to them.
 * When the countdown runs out the page goes to the next video (a fresh page: it is keyed by id).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { watchPath } from '../../contract/page-routes';
import { autoplayMachine, selectCountdown } from '../../machines/autoplay.machine';
import { selectNextVideo, upNextMachine } from '../../machines/up-next.machine';
import { useActors } from '../actors';
import { readPreferences, savePreferences } from '../features/player/player-preferences';
import { useEmitted } from '../use-emitted';

export function useUpNext(videoId: string) {
  const { fetchUpNext } = useActors();
  const upNext = useActorRef(upNextMachine.provide({ actors: { fetchUpNext } }), {
    input: { videoId },
  });
  const autoplay = useActorRef(autoplayMachine);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!readPreferences().autoplay) autoplay.send({ type: 'RESTORE', on: false });
  }, [autoplay]);
  useEmitted(autoplay, {
    remember: ({ on }) => savePreferences({ autoplay: on }),
    advance: ({ videoId: next }) => navigate(watchPath(next)),
  });

  const next = useSelector(upNext, selectNextVideo);
  const nextRef = useRef(next);
  useEffect(() => {
    nextRef.current = next;
  });
  const onEnded = useCallback(() => {
    const video = nextRef.current;
    autoplay.send({
      type: 'ENDED',
      next: video ? { videoId: video._id, title: video.title } : null,
    });
  }, [autoplay]);
  const onResumed = useCallback(() => autoplay.send({ type: 'RESUMED' }), [autoplay]);
  const cancel = useCallback(() => autoplay.send({ type: 'CANCEL' }), [autoplay]);
  const countdown = useSelector(autoplay, selectCountdown);
  return { upNext, autoplay, countdown, onEnded, onResumed, cancel };
}
