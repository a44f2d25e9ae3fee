/** A comment's or reply's like button with its count (issue 33, commentLikeMachine). */
import { useActorRef, useSelector } from '@xstate/react';
import type { Comment } from '../../../contract/shapes';
import {
  commentLikeMachine,
  selectIsBusy,
  selectLikeCount,
  selectLiked,
} from '../../../machines/comment-like.machine';
import { conversationActors } from '../../api/conversation';
import { usePageActors } from '../../actors';
import { formatViews, likeButtonLabel } from '../../format';
import { failureToast } from '../../notify';
import { useEmitted } from '../../use-emitted';
import { SmallButton } from './comment-row.styles';
import { ThumbIcon } from './like-button';

export function CommentLikeButton({ comment }: { comment: Comment }) {
  const { toggleCommentLike } = usePageActors(conversationActors);
  const like = useActorRef(commentLikeMachine.provide({ actors: { toggleCommentLike } }), {
    input: {
      commentId: comment._id,
      likeCount: comment.likeCount,
      likedByUser: comment.likedByUser,
    },
  });
  useEmitted(like, { failed: failureToast('Liking a comment') });
  const count = useSelector(like, selectLikeCount);
  const liked = useSelector(like, selectLiked);
  // While its toggle runs the button stays focusable (aria-disabled), so focus stays on it.
  const busy = useSelector(like, selectIsBusy);
  return (
    <SmallButton
      type="button"
      $on={liked}
      aria-pressed={liked}
      aria-label={likeButtonLabel(count)}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) like.send({ type: 'TOGGLE' });
      }}
    >
      <ThumbIcon filled={liked} />
      {count > 0 && <span>{formatViews(count)}</span>}
    </SmallButton>
  );
}
