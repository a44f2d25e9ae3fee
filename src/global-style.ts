import { createGlobalStyle } from 'styled-components';

/** Page-wide resets and the one visible keyboard-focus style. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { height: 100%; }
  /* min-height, not height: the sticky top bar stays within #root, which must be as tall as the
     page, or the bar scrolls away past the first screen and leaves a band above the side menu. */
  #root { min-height: 100%; }
  body {
    margin: 0;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.body};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    /* Long unbroken text (a 100-letter title, a pasted link, a name without spaces) breaks where
       it must instead of widening the page (issue 29). "anywhere", not "break-word": it also
       lowers the text's min-content width, so flex and grid items holding it can shrink. */
    overflow-wrap: anywhere;
  }
  a { color: ${({ theme }) => theme.colors.accent}; text-decoration: none; }
  a:hover { text-decoration: underline; }
  img { max-width: 100%; display: block; }
  button, input, textarea, select { font: inherit; color: inherit; }
  /* File pickers get the app's secondary button instead of the browser's raw grey one. */
  input[type='file'] { color: ${({ theme }) => theme.colors.textMuted}; max-width: 100%; }
  input[type='file']::file-selector-button {
    margin-right: 12px; padding: 8px 14px; cursor: pointer;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
  input[type='file']::file-selector-button:hover { background: ${({ theme }) => theme.colors.surfaceHover}; }
  h1, h2, h3 { line-height: 1.25; margin: 0 0 0.5em; }
  :focus { outline: none; }
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: 4px;
  }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0; padding: 0; margin: -1px;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
