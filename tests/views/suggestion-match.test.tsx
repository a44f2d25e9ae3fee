import { describe, expect, it } from 'vitest';
import { matchParts } from '../../src/layout/suggestion-match';

describe('the typed part of a suggestion', () => {
  it('is found at the start or at a word start, ignoring case and accents', () => {
    expect(matchParts('bread crust', 'BREAD c')).toEqual([
      { text: 'bread c', typed: true },
      { text: 'rust', typed: false },
    ]);
    expect(matchParts('No-Knead Bread', 'bre')).toEqual([
      { text: 'No-Knead ', typed: false },
      { text: 'Bre', typed: true },
      { text: 'ad', typed: false },
    ]);
    expect(matchParts('Crème brûlée', 'creme bru')).toEqual([
      { text: 'Crème brû', typed: true },
      { text: 'lée', typed: false },
    ]);
    // Inside a word is no match: the whole text is completion.
    expect(matchParts('umbrella', 'bre')).toEqual([{ text: 'umbrella', typed: false }]);
  });
});
