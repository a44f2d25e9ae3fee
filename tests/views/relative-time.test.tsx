/** Relative times stay true while the page is open (issue 22): "just now", then the minutes. */
import { act, fireEvent, render, screen } from '@testing-library/react';
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
    // The full date on hover, in the reader's locale (jsdom's: en-US); written only then.
    expect(label).not.toHaveAttribute('title');
    fireEvent.pointerEnter(label);
    expect(label.getAttribute('title')).toMatch(/^Nov 26, 2026, \d{1,2}:59\s?[AP]M$/);

    act(() => void vi.advanceTimersByTime(60_000));
    expect(label).toHaveTextContent('1 minute ago');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(label).toHaveTextContent('2 minutes ago');
  });
});
