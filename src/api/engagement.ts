/**
 * Likes, comments and subscriptions (API.md "Likes and comments", "Subscriptions") over the one
 * HTTP client.
 */
import type { Comment } from '../../contract/shapes';
import { request } from './client';

export interface LikeStatus {
  likeCount: number;
  likedByUser: boolean;
}

export interface LikeToggleResult {
  liked: boolean;
  likeCount: number;
}

export interface CommentPage {
  comments: Comment[];
  totalComments: number;
  page: number;
  limit: number;
}

export interface SubscriptionToggleResult {
  subscribed: boolean;
  subscriberCount: number;
}

const id = (value: string) => encodeURIComponent(value);

export function getLikeStatus(videoId: string): Promise<LikeStatus> {
  return request<LikeStatus>({ method: 'GET', url: `/likes/video/${id(videoId)}` });
}

export function toggleVideoLike(videoId: string): Promise<LikeToggleResult> {
  return request<LikeToggleResult>({ method: 'POST', url: `/likes/toggle/v/${id(videoId)}` });
}

export function listComments(videoId: string, page: number, limit: number): Promise<CommentPage> {
  return request<CommentPage>({
    method: 'GET',
    url: `/comments/${id(videoId)}`,
    params: { page, limit },
  });
}

export function addComment(videoId: string, content: string): Promise<Comment> {
  return request<Comment>({
    method: 'POST',
    url: `/comments/${id(videoId)}`,
    data: { content: content.trim() },
  });
}

export function toggleSubscription(channelId: string): Promise<SubscriptionToggleResult> {
  return request<SubscriptionToggleResult>({
    method: 'POST',
    url: `/subscriptions/c/${id(channelId)}`,
  });
}
