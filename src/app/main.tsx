// First: asks for the session and the route's data before React's modules are evaluated.
import './first-screen-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadFirstPage } from './routes';

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
