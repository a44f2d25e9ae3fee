/**
 * Resume where you left off, on the element: seeks the fresh <video> to its start point
 * (machines/watch-resume.ts) once it knows its duration, then feeds the reporting machine
 * (machines/watch-progress.machine.ts) with the element's time, play and pause, and says LEAVE
 * when the page is hidden (pagehide) or the watch page goes away (another route). A page the
 * browser kept in its back/forward cache comes back whole (pageshow, `persisted`): RETURN then
 * takes up reporting from where the element is.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { selectResumeNotice, watchProgressMachine } from '../../../machines/watch-progress.machine';
import type { StartPoint } from '../../../machines/watch-resume';
import { useActors } from '../../actors';
import { useEmitted } from '../../use-emitted';

export function useWatchProgress(
  videoId: string,
  start: StartPoint,
  element: HTMLVideoElement | null,
) {
  const { saveProgress } = useActors();
  const progress = useActorRef(watchProgressMachine.provide({ actors: { saveProgress } }), {
    input: { videoId },
  });
  const notice = useSelector(progress, selectResumeNotice);
  // The start point applies once per page: an HLS fallback's fresh element continues by itself.
  const started = useRef(false);

  useEffect(() => {
    if (!element) return;
    const begin = () => {
      if (started.current) return;
      started.current = true;
      if (start.seconds > 0) element.currentTime = start.seconds;
      progress.send({ type: 'STARTED', seconds: start.seconds, resumed: start.resumed });
    };
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) begin();
    const time = () => {
      if (started.current) progress.send({ type: 'TIME', seconds: element.currentTime });
    };
    const playing = () => progress.send({ type: 'PLAYING' });
    const paused = () => {
      time();
      progress.send({ type: 'PAUSED' });
    };
    element.addEventListener('loadedmetadata', begin);
    element.addEventListener('timeupdate', time);
    element.addEventListener('seeked', time);
    element.addEventListener('playing', playing);
    element.addEventListener('pause', paused);
    element.addEventListener('ended', paused);
    return () => {
      element.removeEventListener('loadedmetadata', begin);
      element.removeEventListener('timeupdate', time);
      element.removeEventListener('seeked', time);
      element.removeEventListener('playing', playing);
      element.removeEventListener('pause', paused);
      element.removeEventListener('ended', paused);
    };
  }, [element, start, progress]);

  useEmitted(progress, {
    seek: ({ seconds }) => {
      if (element) element.currentTime = seconds;
    },
  });

  useEffect(() => {
    const leave = () => progress.send({ type: 'LEAVE' });
    const back = (e: PageTransitionEvent) => {
      if (!e.persisted || !element) return;
      progress.send({ type: 'RETURN', seconds: element.currentTime, playing: !element.paused });
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
    };
  }, [progress, element]);
  // A layout effect's cleanup runs before the actor is stopped (a passive effect's cleanup), so
  // the last report still goes when the viewer moves to another page of the app.
  useLayoutEffect(() => () => progress.send({ type: 'LEAVE' }), [progress]);

  return {
    /** Where the video resumed, while the notice shows; null otherwise. */
    notice,
    startOver: () => progress.send({ type: 'START_OVER' }),
    dismiss: () => progress.send({ type: 'DISMISS' }),
  };
}
