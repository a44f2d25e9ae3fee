import { describe, expect, it } from 'vitest';
import { addTag, addTags, removeTag, splitTagDraft } from '../../machines/tags.js';

describe('tag list helpers', () => {
  it('adds trimmed tags and ignores empty ones and duplicates', () => {
    expect(addTag([], ' music ')).toEqual(['music']);
    expect(addTag(['music'], 'music')).toEqual(['music']);
    expect(addTag(['music'], '   ')).toEqual(['music']);
    expect(addTag(['music'], 'travel')).toEqual(['music', 'travel']);
  });

  it('parses comma-separated text in order', () => {
    expect(addTags([], ' a, b,,a , c ')).toEqual(['a', 'b', 'c']);
    expect(addTags([], '')).toEqual([]);
    expect(addTags(['a'], 'b, a')).toEqual(['a', 'b']);
  });

  it('removes a tag', () => {
    expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('splits typed text into finished tags and the draft after the last comma', () => {
    expect(splitTagDraft('a, b, c')).toEqual({ finished: ['a', ' b'], draft: 'c' });
    expect(splitTagDraft('abc')).toEqual({ finished: [], draft: 'abc' });
    expect(splitTagDraft('abc,')).toEqual({ finished: ['abc'], draft: '' });
  });
});
