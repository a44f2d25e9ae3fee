import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../contract/format-bytes';
import { LIMITS, PAGE_SIZE } from '../../contract/limits';
import {
  formatAge,
  formatDuration,
  formatFullDate,
  formatSubscribers,
  formatViewCount,
  formatViews,
  likeButtonLabel,
} from '../../src/format';

describe('formatFullDate (the full date of a tooltip)', () => {
  it('reads the date and time in the locale, and nothing for a date it cannot read', () => {
    expect(formatFullDate('2026-03-04T05:06:07Z')).toMatch(/^Mar [45], 2026, \d{1,2}:06\s?[AP]M$/);
    expect(formatFullDate('2026-03-04T05:06:07Z')).toBe(formatFullDate('2026-03-04T05:06:07Z'));
    expect(formatFullDate('not a date')).toBe('');
  });
});

describe('formatViews (K from 1000, M from 1,000,000, one decimal)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1549, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [2_460_000, '2.5M'],
    [-3, '0'],
  ])('%d → %s', (views, shown) => expect(formatViews(views)).toBe(shown));

  it('adds the unit with the singular for one view', () => {
    expect(formatViewCount(1)).toBe('1 view');
    expect(formatViewCount(1500)).toBe('1.5K views');
    expect(formatSubscribers(1)).toBe('1 subscriber');
    expect(formatSubscribers(0)).toBe('0 subscribers');
  });
});

describe('likeButtonLabel (the count as the button shows it, for speech input)', () => {
  it.each([
    [0, 'Like, 0 likes'],
    [1, 'Like, 1 like'],
    [4, 'Like, 4 likes'],
    [1549, 'Like, 1.5K likes'],
  ])('%d → %s', (count, label) => expect(likeButtonLabel(count)).toBe(label));
});

describe('formatAge (just now, minutes … years)', () => {
  const now = Date.parse('2026-01-31T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it.each([
    [0, 'just now'],
    [1, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [2 * 86400, '2 days ago'],
    [7 * 86400, '1 week ago'],
    [60 * 86400, '8 weeks ago'],
    [365 * 86400, '1 year ago'],
    [3 * 365 * 86400 + 5, '3 years ago'],
  ])('%d s → %s', (seconds, shown) => expect(formatAge(ago(seconds), now)).toBe(shown));

  it('reads a future date as just now and a bad date as nothing', () => {
    expect(formatAge(ago(-30), now)).toBe('just now');
    expect(formatAge('not a date', now)).toBe('');
  });
});

describe('formatDuration (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [7.6, '0:08'],
    [65, '1:05'],
    [725, '12:05'],
    [3723, '1:02:03'],
  ])('%d s → %s', (seconds, shown) => expect(formatDuration(seconds)).toBe(shown));
});

describe('formatBytes (contract/format-bytes.ts, also the server limit texts)', () => {
  const MB = 1024 ** 2;
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [12.4 * MB, '12.4 MB'],
    [80 * MB, '80 MB'],
    [LIMITS.imageBytes, '10 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [2.1 * 1024 ** 3, '2.1 GB'],
  ])('%d → %s', (bytes, shown) => expect(formatBytes(bytes)).toBe(shown));
});

describe('shared limits (contract/limits.ts)', () => {
  it('sit in a module that imports nothing, so no SPA chunk pulls TypeBox in through them', () => {
    const source = readFileSync(
      path.resolve(import.meta.dirname, '../../contract/limits.ts'),
      'utf8',
    );
    expect(source).not.toMatch(/^\s*(import|export .* from)\s/m);
  });

  it('are the numbers the contract schemas enforce', async () => {
    const { VideoFeedQuery, VideoFormFields } = await import('../../contract/videos');
    const { CommentsQuery } = await import('../../contract/engagement');
    expect(VideoFormFields.properties.title.maxLength).toBe(LIMITS.title.max);
    expect(VideoFormFields.properties.description.maxLength).toBe(LIMITS.description.max);
    expect(VideoFeedQuery.properties.tag.maxLength).toBe(LIMITS.tags.tagMax);
    expect(VideoFeedQuery.properties.limit.default).toBe(PAGE_SIZE.homeFeed);
    // Issue 33 joined the page query with `sort` (an intersection): the page part comes first.
    const [commentsPage] = CommentsQuery.allOf;
    expect(commentsPage.properties.limit.default).toBe(PAGE_SIZE.comments);
  });
});
