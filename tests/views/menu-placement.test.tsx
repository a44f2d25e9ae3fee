/**
 * Which side of its button a video's "⋮" menu opens on (src/ui/menu.ts): under it when it fits,
 * over it when only that fits (a card near the bottom of a phone's screen, over the bottom bar),
 * else the roomier side. The e2e card-menu check (player.test.ts) shows it in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { menuPlacement } from '../../src/ui/menu';

/** A 390×844 phone: the top bar's 60 px at the top, the bottom bar's 60 px at the bottom. */
const phone = { areaTop: 60, areaBottom: 784, gap: 4 };
/** The card menu's one item (Save) and the history entry's two. */
const oneItem = 54;
const twoItems = 98;

describe('menu placement', () => {
  it('opens under its button when the menu fits there', () => {
    expect(
      menuPlacement({ ...phone, anchorTop: 300, anchorBottom: 340, menuHeight: twoItems }),
    ).toBe('below');
    // Exactly fitting, down to the bottom bar's edge.
    expect(
      menuPlacement({ ...phone, anchorTop: 686, anchorBottom: 726, menuHeight: oneItem }),
    ).toBe('below');
  });

  it('opens over its button near the bottom bar, where under it would hide behind the bar', () => {
    expect(
      menuPlacement({ ...phone, anchorTop: 700, anchorBottom: 740, menuHeight: oneItem }),
    ).toBe('above');
    expect(
      menuPlacement({ ...phone, anchorTop: 650, anchorBottom: 690, menuHeight: twoItems }),
    ).toBe('above');
  });

  it('counts the bars, not the whole viewport', () => {
    // 120 px to the viewport's bottom, but only 60 above the bottom bar.
    const anchor = { anchorTop: 684, anchorBottom: 724, menuHeight: twoItems };
    expect(menuPlacement({ ...phone, ...anchor, areaBottom: 844 })).toBe('below');
    expect(menuPlacement({ ...phone, ...anchor })).toBe('above');
  });

  it('takes the roomier side when it fits on neither', () => {
    const tall = 500;
    expect(menuPlacement({ ...phone, anchorTop: 500, anchorBottom: 540, menuHeight: tall })).toBe(
      'above',
    );
    expect(menuPlacement({ ...phone, anchorTop: 200, anchorBottom: 240, menuHeight: tall })).toBe(
      'below',
    );
  });
});
