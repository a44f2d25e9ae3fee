/**
 * One comment under a video and its thread (issue 29, 33): the byline and text (comment-body),
 * like with its count, "♥ by the creator", Reply (a box under it, pre-filled "@userName " under a
 * reply), the "⋮" menu (own: Edit, Delete; the creator: Pin, Heart, Delete, Block), and the
 * replies behind "N replies". Replies are drawn by the same item, without a thread of their own.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Comment } from '../../../contract/shapes';
import {
  commentComposerMachine,
  replyPrefill,
  selectIsOpen as selectComposerOpen,
  selectMode,
} from '../../../machines/comment-composer.machine';
import {
  commentModerationMachine,
  selectHearted,
} from '../../../machines/comment-moderation.machine';
import { commentThreadMachine, selectReplyCount } from '../../../machines/comment-thread.machine';
import { conversationActors } from '../../api/conversation';
import { useActors, usePageActors } from '../../actors';
import { failureToast } from '../../notify';
import { useCurrentUser } from '../../session';
import { Avatar } from '../../ui/avatar';
import { useEmitted } from '../../use-emitted';
import { Byline, CommentContent } from './comment-body';
import { CommentComposer } from './comment-composer';
import { CommentLikeButton } from './comment-like-button';
import { CommentMenu } from './comment-menu';
import { ActionBar, Head, HeartBadge, Item, SmallButton } from './comment-row.styles';
import { CommentThread } from './comment-thread';
import { useConversation } from './conversation-context';

export const HEARTED_LABEL = '♥ by the creator';

interface ItemProps {
  comment: Comment;
  isReply: boolean;
  /** The viewer's reply posted from this item's box (it joins the thread). */
  onReplied: (reply: Comment) => void;
  /** This comment changed (edited, hearted, now a tombstone). */
  onChanged: (comment: Comment) => void;
  onRemoved: (commentId: string) => void;
  /** Replies are under it now (its thread's count, which live replies move). */
  hasReplies?: boolean;
  children?: ReactNode;
}

function CommentItem({
  comment,
  isReply,
  onReplied,
  onChanged,
  onRemoved,
  hasReplies = false,
  children,
}: ItemProps) {
  const conversation = useConversation();
  const me = useCurrentUser();
  const { deleteComment } = useActors();
  const { setPin, setHeart, blockUser, submitText } = usePageActors(conversationActors);
  const moderation = useActorRef(
    commentModerationMachine.provide({ actors: { setPin, setHeart, deleteComment, blockUser } }),
    { input: { comment } },
  );
  useEmitted(moderation, {
    pinChanged: () => conversation.reloadList(),
    hearted: ({ hearted }) => onChanged({ ...comment, hearted }),
    // The server keeps a comment with replies as "Comment deleted" (contract/conversation.ts).
    deleted: ({ tombstone }) =>
      tombstone || hasReplies
        ? onChanged({ ...comment, deleted: true, content: '' })
        : onRemoved(comment._id),
    blocked: () => conversation.reloadList(),
    failed: failureToast('Changing a comment'),
  });
  const composer = useActorRef(commentComposerMachine.provide({ actors: { submitText } }), {
    input: { commentId: comment._id },
  });
  useEmitted(composer, {
    submitted: ({ mode, comment: saved }) =>
      mode === 'reply' ? onReplied(saved) : onChanged(saved),
    failed: failureToast('Replying'),
  });
  const composerOpen = useSelector(composer, selectComposerOpen);
  const mode = useSelector(composer, selectMode);
  const hearted = useSelector(moderation, selectHearted);
  const editing = composerOpen && mode === 'edit';
  const replying = composerOpen && mode === 'reply';
  // The reply box closed (sent or cancelled): focus goes back to the Reply button it opened from.
  const replyButton = useRef<HTMLButtonElement>(null);
  const wasReplying = useRef(false);
  useEffect(() => {
    if (wasReplying.current && !replying) replyButton.current?.focus();
    wasReplying.current = replying;
  }, [replying]);

  const mine = me !== null && comment.owner._id === me._id;
  const live = !comment.deleted && comment.status === 'published';
  const canReply = live && me !== null && !conversation.commentsOff;
  return (
    <Item data-testid={isReply ? 'reply' : 'comment'}>
      <Avatar
        src={comment.deleted ? undefined : comment.owner.avatar}
        sizes={comment.deleted ? undefined : comment.owner.avatarSizes}
        alt=""
        size={isReply ? 24 : 36}
      />
      <div>
        <Head>
          <Byline comment={comment} channelName={conversation.channelName} />
          {!comment.deleted && !editing && (mine || conversation.canModerate) && (
            <CommentMenu
              comment={comment}
              mine={mine}
              canModerate={conversation.canModerate}
              isReply={isReply}
              moderation={moderation}
              onEdit={() => composer.send({ type: 'OPEN', mode: 'edit', text: comment.content })}
            />
          )}
        </Head>
        {editing ? <CommentComposer composer={composer} /> : <CommentContent comment={comment} />}
        {live && !editing && (
          <ActionBar>
            <CommentLikeButton comment={comment} />
            {hearted && <HeartBadge>{HEARTED_LABEL}</HeartBadge>}
            {canReply && !replying && (
              <SmallButton
                ref={replyButton}
                type="button"
                onClick={() =>
                  composer.send({
                    type: 'OPEN',
                    mode: 'reply',
                    text: isReply ? replyPrefill(comment.owner.userName) : '',
                  })
                }
              >
                Reply
              </SmallButton>
            )}
          </ActionBar>
        )}
        {replying && <CommentComposer composer={composer} />}
        {children}
      </div>
    </Item>
  );
}

/** A comment of the list, with its thread. */
export function CommentRow({ comment }: { comment: Comment }) {
  const conversation = useConversation();
  const { fetchReplies } = usePageActors(conversationActors);
  const thread = useActorRef(commentThreadMachine.provide({ actors: { fetchReplies } }), {
    input: { commentId: comment._id, replyCount: comment.replyCount },
  });
  const { listenForReplies } = conversation;
  // Live: a reply joined this thread (the section routes it here by its parentId).
  useEffect(
    () =>
      listenForReplies(comment._id, (replyId) =>
        thread.send({ type: 'RELOAD', commentId: replyId }),
      ),
    [listenForReplies, comment._id, thread],
  );
  const replyCount = useSelector(thread, selectReplyCount);
  // The heading counts replies too: each move of this thread's count (one's own reply, a live
  // one, a deleted one, or the server's total as pages come) moves it, until the list reloads.
  const countedReplies = useRef(replyCount);
  const { moveReplies } = conversation;
  useEffect(() => {
    const by = replyCount - countedReplies.current;
    countedReplies.current = replyCount;
    if (by !== 0) moveReplies(by);
  }, [replyCount, moveReplies]);
  const addToThread = (reply: Comment) => thread.send({ type: 'ADDED', reply });
  return (
    <CommentItem
      comment={comment}
      isReply={false}
      onReplied={addToThread}
      onChanged={conversation.replaceComment}
      onRemoved={conversation.removeComment}
      hasReplies={replyCount > 0}
    >
      <CommentThread
        thread={thread}
        renderReply={(reply) => (
          <CommentItem
            key={reply._id}
            comment={reply}
            isReply
            onReplied={addToThread}
            onChanged={(changed) => thread.send({ type: 'REPLACE', reply: changed })}
            onRemoved={(id) => thread.send({ type: 'REMOVE', id })}
          />
        )}
      />
    </CommentItem>
  );
}
