/**
 * framer-motion's providers for one animated island (a dialog, a menu, the signup steps):
 * LazyMotion with the DOM animation features, for `m.*` components, and reduced motion honoured.
 *
 * Why not once at the app root: the providers pull ~10 kB gzip of framer-motion into the first
 * bundle, while everything that animates is lazy-loaded. Importing this only from lazy chunks
 * keeps framer-motion out of the JavaScript / needs (budget 120 kB).
 */
import { domAnimation, LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

export function MotionRoot({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
