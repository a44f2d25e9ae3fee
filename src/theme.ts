/**
 * The one visual theme of the SPA: a dark, video-first palette (content stands out on dark
 * surfaces, as on most video sites) with a violet accent. Every colour, radius and breakpoint
 * used by styled-components comes from here.
 */
export const theme = {
  colors: {
    bg: '#0f0f12',
    surface: '#17171c',
    surfaceRaised: '#202028',
    surfaceHover: '#2a2a33',
    border: '#30303a',
    text: '#f2f2f5',
    textMuted: '#a5a5b2',
    accent: '#ae7aff',
    accentHover: '#c29bff',
    accentText: '#120a1f',
    danger: '#ff6b6b',
    success: '#3ddc97',
    focus: '#ffd166',
    overlay: 'rgba(5, 5, 8, 0.72)',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', round: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '28px' },
  },
  /** Media queries: phone layout below `md` (bottom bar, mobile search overlay). */
  media: {
    sm: '@media (min-width: 480px)',
    md: '@media (min-width: 768px)',
    lg: '@media (min-width: 1024px)',
  },
  /** The phone layout (below `media.md`) for matchMedia (useMediaQuery). */
  phoneQuery: '(max-width: 767.98px)',
  layout: {
    topBarHeight: '60px',
    sideMenuWidth: '232px',
    sideMenuCollapsed: '80px',
    bottomBarHeight: '60px',
  },
  shadow: '0 12px 40px rgba(0, 0, 0, 0.45)',
} as const;

export type AppTheme = typeof theme;
