/**
 * Absolute media URLs for one request's origin: every resource builds its image and video URLs
 * with `mediaUrl`, and a picture's srcset with `mediaSizes`.
 */
import type { ImageSize } from '../../contract/shapes.js';
import type { MediaStorage } from '../storage/storage.js';
import { sizedFiles } from './image-keys.js';

/** Builds absolute media URLs for one request's origin. */
export interface MediaUrls {
  storage: MediaStorage;
  origin: string;
}

export function mediaUrl(urls: MediaUrls, key: string): string {
  return urls.storage.url(key, urls.origin);
}

/** The widths stored for an image key, for `srcset`; empty for a single file. */
export function mediaSizes(urls: MediaUrls, key: string): ImageSize[] {
  return sizedFiles(key).map((file) => ({ width: file.width, url: mediaUrl(urls, file.key) }));
}
