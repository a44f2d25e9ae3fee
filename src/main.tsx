import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstScreen } from './api/first-screen';
import { App } from './app';

// Before React: the session and the route's data are asked for while the route's chunk loads.
startFirstScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
