/**
 * The entity shapes of API.md ("Shapes used below"). Field names and spellings are part of the
 * contract that existing clients rely on: keep them exactly.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id } from './common.js';

export const TagRef = Type.Object({ name: Type.String() });

export const User = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  avatar: Type.String(),
  coverImage: Type.String(),
  description: Type.String(),
  tags: Type.Array(TagRef),
  createdAt: DateString,
});
export type User = Static<typeof User>;

export const Owner = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
});
export type Owner = Static<typeof Owner>;

export const VideoItem = Type.Object({
  _id: Id,
  title: Type.String(),
  description: Type.String(),
  thumbnail: Type.String(),
  videoFile: Type.String(),
  /** Seconds, as read by ffprobe. */
  duration: Type.Number(),
  views: Type.Integer(),
  isPublished: Type.Boolean(),
  tags: Type.Array(Type.String()),
  createdAt: DateString,
  owner: Owner,
});
export type VideoItem = Static<typeof VideoItem>;

export const Comment = Type.Object({
  _id: Id,
  content: Type.String(),
  createdAt: DateString,
  updatedAt: DateString,
  owner: Owner,
});
export type Comment = Static<typeof Comment>;
