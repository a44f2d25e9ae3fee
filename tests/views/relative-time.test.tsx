/** Relative times stay true while the page is open (issue 22): "just now", then the minutes. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '../../src/components/relative-time';

afterEach(() => vi.useRealTimers());

describe('RelativeTime', () => {
  it('says "just now" under a minute and moves on by itself every minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    render(
      <p>
        Posted <RelativeTime iso="2026-11-26T09:59:42Z" />
      </p>,
    );
    const label = screen.getByText('just now');
    expect(label.tagName).toBe('TIME');
    expect(label).toHaveAttribute('dateTime', '2026-11-26T09:59:42Z');

    act(() => void vi.advanceTimersByTime(60_000));
    expect(label).toHaveTextContent('1 minute ago');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(label).toHaveTextContent('2 minutes ago');
  });
});
