// First: asks for the session and the route's data before React's modules are evaluated.
import './first-screen-start';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_RENDERED_ATTRIBUTE } from '../../contract/first-screen';
import { App } from './app';
import { preloadFirstPage } from './routes';
import { installPlaceMemory } from '../remembered-place';
import { firstScreenSession, firstScreenState } from '../api/first-screen';

// Keys every history entry from now on, so Back can bring a list's place back (issue 29).
installPlaceMemory();

// index.html preloads the page's chunk, so this wait is short; without it the first render would
// show a spinner for the page, and React keeps a spinner up for 300 ms (lazy-page.ts). A chunk
// that fails to load is the page's own error, shown when it renders.
void preloadFirstPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const container = document.getElementById('root')!;
    const rendered = firstScreenState();
    // The server rendered this screen (issue 35, src/app/server-render.tsx): React takes over its
    // markup, rendering from the same session and snapshots, so nothing on screen changes. A
    // mismatch would be a bug: it is logged (console.error), and the e2e suite fails on it.
    if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && rendered) {
      hydrateRoot(
        container,
        <StrictMode>
          <App session={firstScreenSession()} firstScreen={rendered} />
        </StrictMode>,
        {
          onRecoverableError: (error, info) =>
            console.error('Hydration failed:', error, info.componentStack),
        },
      );
      return;
    }
    // Markup without its state cannot be hydrated: it is replaced.
    container.replaceChildren();
    const root = createRoot(container);
    // Synchronously, so the first render's effects run in the same task, before the browser
    // paints: the page's actors start, the first screen's answers (already here, see
    // first-screen.ts) settle in microtasks, and the page re-renders with them before the first
    // paint. Without it the first paint showed the feed's skeleton, and the cards came one
    // layout and paint later (~100 ms of the home page's LCP).
    flushSync(() =>
      root.render(
        <StrictMode>
          <App session={firstScreenSession()} />
        </StrictMode>,
      ),
    );
  });
