/**
 * Pages behind lazyPage (src/lazy-page.ts): a preloaded page renders in the first render, with no
 * spinner (React would hold a shown spinner up for 300 ms), and a page that first rendered through
 * the lazy wrapper keeps its state when its parent renders again.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../../src/lazy-page';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount((c) => c + 1)}>{`${label} ${count}`}</button>;
}

const counterPage = () => lazyPage(() => Promise.resolve({ default: Counter }));

function Shell({ Page }: { Page: ReturnType<typeof counterPage> }) {
  const [label, setLabel] = useState('clicks');
  return (
    <>
      <button onClick={() => setLabel('taps')}>rename</button>
      <Suspense fallback={<p>spinner</p>}>
        <Page label={label} />
      </Suspense>
    </>
  );
}

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the spinner', async () => {
    const Page = counterPage();
    await Page.preload();
    render(<Shell Page={Page} />);
    // No await: the very first render holds the page.
    expect(screen.getByRole('button', { name: 'clicks 0' })).toBeInTheDocument();
    expect(screen.queryByText('spinner')).not.toBeInTheDocument();
  });

  it('shows the spinner for a page not loaded yet, then the page, which keeps its state', async () => {
    const Page = counterPage();
    render(<Shell Page={Page} />);
    expect(screen.getByText('spinner')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'clicks 0' }));
    expect(screen.getByRole('button', { name: 'clicks 1' })).toBeInTheDocument();
    // The module is loaded now; a new render of the same page must not remount it.
    await user.click(screen.getByRole('button', { name: 'rename' }));
    expect(screen.getByRole('button', { name: 'taps 1' })).toBeInTheDocument();
  });

  it('loads the module once, however often it is preloaded or rendered', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: Counter });
    });
    render(<Shell Page={Page} />);
    await act(() => Page.preload());
    await screen.findByRole('button', { name: 'clicks 0' });
    expect(loads).toBe(1);
  });
});
