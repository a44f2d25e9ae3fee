/**
 * Input limits the video forms hint with `maxLength`. They mirror LIMITS in contract/shapes.ts,
 * which the server enforces; importing that module here would pull the TypeBox runtime (~11 kB
 * gzip) into the watch page and the dashboard, so the few numbers are repeated (a view test
 * checks that they still match).
 */
export const FORM_LIMITS = {
  title: 100,
  description: 5000,
  tag: 30,
  comment: 2000,
} as const;
