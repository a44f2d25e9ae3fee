/**
 * What a comment or reply says (issue 29, 33): "Pinned by @channel", the byline with its time and
 * "(edited)", the text clamped to COMMENT_COLLAPSE_LINES lines behind Read more, "Comment deleted"
 * in place of a deleted one with replies, and the author's own notes on a held or blocked one.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Comment } from '../../../contract/shapes';
import { RelativeTime } from '../../components/relative-time';
import { TimestampText } from '../../components/watch-seek';
import { More, Notice, PinnedLabel, Text, Tombstone, Who } from './comment-row.styles';

export const COMMENT_DELETED = 'Comment deleted';
export const HELD_FOR_REVIEW = 'Held for review';
export const ONLY_YOU_CAN_SEE = 'Only you can see this comment';
export const pinnedBy = (channelName: string | null) =>
  channelName ? `Pinned by @${channelName}` : 'Pinned by the creator';

/** "(edited)" after the time: the comment was changed after it was posted. */
export const isEdited = (comment: Comment) =>
  new Date(comment.updatedAt).getTime() > new Date(comment.createdAt).getTime();

/** The text, clamped when it runs past COMMENT_COLLAPSE_LINES lines, with its toggle. */
export function CommentText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [long, setLong] = useState(false);
  // Whether it is long depends on the width it is laid out at, so it is measured, not counted.
  useLayoutEffect(() => {
    const p = ref.current;
    if (p && !expanded) setLong(p.scrollHeight > p.clientHeight + 1);
  }, [text, expanded]);
  return (
    <>
      <Text ref={ref} $collapsed={!expanded}>
        <TimestampText text={text} /> {/* issue 34: timestamps seek the player */}
      </Text>
      {(long || expanded) && (
        <More type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Read more'}
        </More>
      )}
    </>
  );
}

export function Byline({ comment, channelName }: { comment: Comment; channelName: string | null }) {
  return (
    <div>
      {comment.pinned && <PinnedLabel>{pinnedBy(channelName)}</PinnedLabel>}
      <Who>
        {!comment.deleted && <strong>@{comment.owner.userName}</strong>}
        <span>
          <RelativeTime iso={comment.createdAt} />
          {!comment.deleted && isEdited(comment) && ' (edited)'}
        </span>
      </Who>
    </div>
  );
}

/** The text, or the tombstone, and the author's notes. */
export function CommentContent({ comment }: { comment: Comment }) {
  if (comment.deleted) return <Tombstone>{COMMENT_DELETED}</Tombstone>;
  return (
    <>
      <CommentText text={comment.content} />
      {comment.status === 'held' && <Notice>{HELD_FOR_REVIEW}</Notice>}
      {comment.status === 'blocked' && <Notice>{ONLY_YOU_CAN_SEE}</Notice>}
    </>
  );
}
