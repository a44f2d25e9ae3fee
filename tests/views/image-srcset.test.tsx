import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImageSize } from '../../contract/shapes';
import type { Page, PageRequest } from '../../machines/pager.machine';
import HomePage from '../../src/pages/home-page';
import SearchPage from '../../src/pages/search-page';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes';
import {
  deferred,
  installIntersectionObserver,
  makeVideo,
  renderVideoPage,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());

const sized = (name: string, widths: number[]): ImageSize[] =>
  widths.map((width) => ({ width, url: `/media/${name}-w${width}.webp` }));

const sizedVideo = makeVideo(1, {
  thumbnail: '/media/t1-w1280.webp',
  thumbnailSizes: sized('t1', [320, 640, 1280]),
  owner: {
    _id: 'u-owner',
    userName: 'olive',
    fullName: 'Olive Owner',
    avatar: '/media/a-w320.webp',
    avatarSizes: sized('a', [48, 96, 192, 320]),
  },
});
// Stored before sizes existed (or from an older server): one URL only.
const oldVideo = makeVideo(2);

async function show(page: React.ReactElement, path = '/') {
  const fetchPage = deferred<PageRequest, Page>();
  const { container } = renderVideoPage(page, {
    path,
    actors: { fetchVideoPage: fetchPage.logic },
  });
  await act(async () => fetchPage.resolve({ items: [sizedVideo, oldVideo], total: 2 }));
  const images = (title: string) =>
    screen.getByRole('article', { name: title }).querySelectorAll('img');
  return { container, images };
}

describe('images at the size they are shown', () => {
  it('home cards offer every thumbnail width with the grid sizes, and the avatar at 36 px', async () => {
    const { images } = await show(<HomePage />);
    const [thumbnail, avatar] = images('Video number 1');
    expect(thumbnail).toHaveAttribute(
      'srcset',
      '/media/t1-w320.webp 320w, /media/t1-w640.webp 640w, /media/t1-w1280.webp 1280w',
    );
    expect(thumbnail).toHaveAttribute('sizes', THUMBNAIL_SIZES.grid);
    expect(thumbnail).toHaveAttribute('src', '/media/t1-w1280.webp');
    // The first cards are the largest contentful paint: still fetched first.
    expect(thumbnail).toHaveAttribute('fetchpriority', 'high');
    expect(avatar).toHaveAttribute('srcset', expect.stringContaining('/media/a-w48.webp 48w'));
    expect(avatar).toHaveAttribute('sizes', '36px');
  });

  it('an image without sizes keeps its one URL and no srcset', async () => {
    const { images } = await show(<HomePage />);
    const [thumbnail, avatar] = images('Video number 2');
    expect(thumbnail).toHaveAttribute('src', '/media/thumbnails/v2.webp');
    expect(thumbnail).not.toHaveAttribute('srcset');
    expect(thumbnail).not.toHaveAttribute('sizes');
    expect(avatar).toHaveAttribute('src', '/media/avatars/olive.webp');
    expect(avatar).not.toHaveAttribute('srcset');
  });

  it('search results size thumbnails for the row layout', async () => {
    const { images } = await show(<SearchPage />, '/search?query=video');
    const [thumbnail, avatar] = images('Video number 1');
    expect(thumbnail).toHaveAttribute('sizes', THUMBNAIL_SIZES.row);
    expect(thumbnail).toHaveAttribute('srcset', expect.stringContaining('320w'));
    expect(avatar).toHaveAttribute('sizes', '24px');
  });
});
