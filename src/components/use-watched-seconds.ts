/**
 * Where the signed-in viewer stopped in each video of a grid (issue 23's watched bars), read in one
 * call per new batch of ids (GET /videos/progress?ids=…), not per card and not inside the feed's
 * cached, shared answer. Visitors ask nothing. A failure only leaves the bars out.
 */
import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import { useActors } from '../actors';
import { useCurrentUser } from '../session';

export function useWatchedSeconds(videoIds: readonly string[]): ReadonlyMap<string, number> {
  const me = useCurrentUser();
  const { fetchWatchProgress } = useActors();
  const [known, setKnown] = useState<{ asked: Set<string>; seconds: Map<string, number> }>(() => ({
    asked: new Set(),
    seconds: new Map(),
  }));
  const missing = me ? videoIds.filter((id) => !known.asked.has(id)) : [];
  const key = missing.join(',');

  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    const actor = createActor(fetchWatchProgress, { input: { videoIds: ids } });
    actor.subscribe({
      next: (snapshot) => {
        if (snapshot.status !== 'done') return;
        setKnown((before) => ({
          asked: new Set([...before.asked, ...ids]),
          seconds: new Map([...before.seconds, ...Object.entries(snapshot.output)]),
        }));
      },
      error: () => undefined,
    });
    actor.start();
    return () => {
      actor.stop();
    };
  }, [key, fetchWatchProgress]);

  return known.seconds;
}
