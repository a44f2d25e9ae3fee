/**
 * Likes, comments and subscriptions (API.md "Likes and comments", "Subscriptions") over the one
 * HTTP client.
 */
import type { Comment } from '../../contract/shapes';
import type { LikeStatus, LikeToggle, SubscriptionToggle } from '../../contract/engagement';
import { request } from './client';

const id = (value: string) => encodeURIComponent(value);

export function getLikeStatus(videoId: string): Promise<LikeStatus> {
  return request<LikeStatus>({ method: 'GET', url: `/likes/video/${id(videoId)}` });
}

export function toggleVideoLike(videoId: string): Promise<LikeToggle> {
  return request<LikeToggle>({ method: 'POST', url: `/likes/toggle/v/${id(videoId)}` });
}

export function addComment(videoId: string, content: string): Promise<Comment> {
  return request<Comment>({
    method: 'POST',
    url: `/comments/${id(videoId)}`,
    data: { content: content.trim() },
  });
}

export function editComment(commentId: string, content: string): Promise<Comment> {
  return request<Comment>({
    method: 'PATCH',
    url: `/comments/c/${id(commentId)}`,
    data: { content: content.trim() },
  });
}

export async function deleteComment(commentId: string): Promise<void> {
  await request<unknown>({ method: 'DELETE', url: `/comments/c/${id(commentId)}` });
}

export function toggleSubscription(channelId: string): Promise<SubscriptionToggle> {
  return request<SubscriptionToggle>({
    method: 'POST',
    url: `/subscriptions/c/${id(channelId)}`,
  });
}
