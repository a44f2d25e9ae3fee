/**
 * Shared by the SPA and the server: the server's HTML of `/` preloads the first thumbnails with
 * the same `sizes` the grid's images carry (server/pages/first-screen-html.ts), or the browser
 * would fetch another width a second time.
 *
 * The `sizes` attribute of each thumbnail layout: how wide the image is drawn at each breakpoint
 * (theme.ts), so the browser picks the smallest stored width that fills it. They follow the CSS of
 * the layouts: content = viewport − side menu (232 px from md) − page padding (2 × 24 px from md,
 * 2 × 12 px below) and the grid gaps (16 px). A wrong guess only costs bytes, never layout.
 */
export const THUMBNAIL_SIZES = {
  /** Home grid (video-grid.tsx): 1, 2, 3 or 4 columns. A 323 px card at 1280 px takes 360w. */
  grid: [
    '(min-width: 1400px) calc((100vw - 328px) / 4)',
    '(min-width: 1024px) calc((100vw - 312px) / 3)',
    '(min-width: 768px) calc((100vw - 296px) / 2)',
    '(min-width: 480px) calc((100vw - 40px) / 2)',
    'calc(100vw - 24px)',
  ].join(', '),
  /** Search results and history (horizontalCardColumns): 360 px, 40 % of the row, or full. */
  row: '(min-width: 1024px) 360px, (min-width: 480px) 40vw, calc(100vw - 24px)',
  /**
   * The watch page's poster (the player's frame before it runs, watch-page.styles.ts): the
   * content beside the 360 px side column from lg, the content alone below. A phone takes 720w
   * where it took 1280w (issue 35: the watch page's largest paint on the mobile profile).
   */
  player: [
    '(min-width: 1024px) calc(100vw - 664px)',
    '(min-width: 768px) calc(100vw - 280px)',
    'calc(100vw - 24px)',
  ].join(', '),
  /** Beside the player and on dashboard rows: a 160 px column. */
  small: '160px',
  /** A channel's cover (channel-header.tsx): the content's whole width. */
  cover: '(min-width: 768px) calc(100vw - 280px), calc(100vw - 24px)',
} as const;

/**
 * Cards of the home grid whose thumbnails load eagerly (above the fold on a wide screen); the
 * HTML of `/` preloads these (largest contentful paint).
 */
export const EAGER_THUMBNAILS = 4;
