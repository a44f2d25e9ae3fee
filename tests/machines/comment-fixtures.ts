/**
 * A Comment with every field of issue 33's conversation, for machine and view tests: a published
 * top-level comment without replies, likes, pin or heart unless `overrides` say otherwise.
 */
import type { Comment } from '../../contract/shapes.js';

export const commentOwner = (n: number | string): Comment['owner'] => ({
  _id: `u${n}`,
  userName: `user${n}`,
  fullName: `User ${n}`,
  avatar: '',
});

export function commentFixture(id: string, overrides: Partial<Comment> = {}): Comment {
  const at = '2026-11-01T10:00:00.000Z';
  return {
    _id: id,
    content: `Comment ${id}`,
    createdAt: at,
    updatedAt: at,
    owner: commentOwner(id),
    videoId: 'v1',
    parentId: null,
    replyTo: null,
    replyCount: 0,
    likeCount: 0,
    likedByUser: false,
    pinned: false,
    hearted: false,
    deleted: false,
    status: 'published',
    ...overrides,
  };
}
