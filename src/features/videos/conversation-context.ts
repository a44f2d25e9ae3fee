/**
 * What every comment row of the watch page needs from its section (issue 33): the list's flags
 * (the caller moderates, comments are off), the channel's name for "Pinned by @channel", and the
 * section's hands: the list's changes and the live replies each open thread listens for.
 */
import { createContext, useContext } from 'react';
import type { Comment } from '../../../contract/shapes';

export interface ConversationValue {
  videoId: string;
  /** The caller is the video's creator (CommentList.canModerate). */
  canModerate: boolean;
  commentsOff: boolean;
  /** The channel's @userName ("Pinned by @channel"). */
  channelName: string | null;
  /** A comment of the list changed (edited, hearted, a tombstone now). */
  replaceComment: (comment: Comment) => void;
  /** A comment of the list was deleted. */
  removeComment: (commentId: string) => void;
  /** Reload the list (a pin moved, an author was blocked). */
  reloadList: () => void;
  /** A thread's reply count moved by `by` (the heading counts replies too). */
  moveReplies: (by: number) => void;
  /** Live replies of thread `commentId` go to `onReply` until the returned function is called. */
  listenForReplies: (commentId: string, onReply: (replyId: string) => void) => () => void;
}

export const ConversationContext = createContext<ConversationValue | null>(null);

export function useConversation(): ConversationValue {
  const value = useContext(ConversationContext);
  if (!value) throw new Error('useConversation outside CommentsSection');
  return value;
}
