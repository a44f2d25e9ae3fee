/**
 * A tweet's like toggle with its count: the like-toggle machine (the watch page's), reused.
 *
 * The API has no "like status of a tweet" call: a tweet carries `likeCount` and `likedByUser`
 * itself. So the machine's `fetchLikeStatus` answers what this button knows last: the tweet's
 * own numbers at first, then the toggle's answer (the server's fresh count), which is exactly
 * the reload after a toggle that the machine asks for. `toggleLike` is POST /likes/toggle/t/{id}.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { Tweet } from '../../contract/tweets';
import {
  likeToggleMachine,
  selectCanToggle,
  selectIsBusy,
  selectLikeCount,
  selectLiked,
  type LikeStatus,
  type ToggleLikeResult,
} from '../../machines/like-toggle.machine';
import { usePageActors } from '../actors';
import { tweetActors } from '../api/tweets';
import { formatViews, likeButtonLabel } from '../format';
import { failureToast } from '../notify';
import { useEmitted } from '../use-emitted';
import { Button } from '../ui/button';

export function TweetLikeButton({ tweet }: { tweet: Tweet }) {
  const { toggleTweetLike } = usePageActors(tweetActors);
  const machine = useMemo(() => {
    let known: LikeStatus = { likeCount: tweet.likeCount, likedByUser: tweet.likedByUser };
    return likeToggleMachine.provide({
      actors: {
        fetchLikeStatus: fromPromise<LikeStatus, { videoId: string }>(async () => known),
        toggleLike: fromPromise<ToggleLikeResult, { videoId: string }>(async ({ input }) => {
          // toggleTweetLike is promise logic (tests swap it): run it as a one-off actor.
          const result = await toPromise(createActor(toggleTweetLike, { input }).start());
          known = { likeCount: result.likeCount, likedByUser: result.liked };
          return result;
        }),
      },
    });
    // One machine per tweet: later list reloads bring the same numbers the button already shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tweet._id]);
  const like = useActorRef(machine, { input: { videoId: tweet._id } });
  useEmitted(like, { failed: failureToast('Like') });
  const count = useSelector(like, selectLikeCount);
  const liked = useSelector(like, selectLiked);
  const canToggle = useSelector(like, selectCanToggle);
  const busy = useSelector(like, selectIsBusy);
  return (
    <Button
      variant="ghost"
      aria-pressed={liked}
      aria-label={likeButtonLabel(count)}
      disabled={!canToggle && !busy}
      waiting={busy}
      onClick={() => like.send({ type: 'TOGGLE' })}
    >
      {liked ? '♥' : '♡'} <span data-testid="tweet-like-count">{formatViews(count)}</span>
    </Button>
  );
}
