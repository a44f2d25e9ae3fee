import type { KeyboardEvent } from 'react';

interface SliderKeys {
  value: number;
  min: number;
  max: number;
  step: number;
  /** PageUp/PageDown's bigger step; without it those keys are left to the page. */
  pageStep?: number;
}

/**
 * The keys of a WAI-ARIA slider: ←/↓ a step down, →/↑ a step up, PageDown/PageUp a big step,
 * Home/End the ends. A key it handles stops here: the player's page-wide shortcuts (←/→ seek,
 * ↑/↓ volume) must not act on it a second time.
 */
export function sliderKeyDown(
  { value, min, max, step, pageStep }: SliderKeys,
  onChange: (value: number) => void,
): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    const to: Record<string, number | undefined> = {
      ArrowLeft: value - step,
      ArrowDown: value - step,
      ArrowRight: value + step,
      ArrowUp: value + step,
      PageDown: pageStep === undefined ? undefined : value - pageStep,
      PageUp: pageStep === undefined ? undefined : value + pageStep,
      Home: min,
      End: max,
    };
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(target);
  };
}
