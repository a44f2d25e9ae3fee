import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import HomePage from './pages/home-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HomePage />
  </StrictMode>,
);
