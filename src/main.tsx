import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstScreen } from './api/first-screen';
import { App } from './app';
import { preloadFirstPage } from './routes';

// Before React: the session and the route's data are asked for while the route's chunk loads.
startFirstScreen(window.location.pathname);

// index.html preloads the page's chunk, so this wait is short; without it the first render would
// show a spinner for the page, and React keeps a spinner up for 300 ms (lazy-page.ts). A chunk
// that fails to load is the page's own error, shown when it renders.
void preloadFirstPage(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
