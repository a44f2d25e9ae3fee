/**
 * Pure helpers for a video's tag list (upload form, spec §5): tags are trimmed, and empty or
 * duplicate tags are ignored. Kept apart from the machine so views and tests can use them too.
 */

/** The list with `raw` added (trimmed); unchanged when it is empty or already present. */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  if (tag === '' || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

/** The list without `tag`. */
export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

/**
 * Adds every tag of `text` (comma separated) to the list, in order, without duplicates:
 * addTags([], 'a, b,,c ') is ['a', 'b', 'c'].
 */
export function addTags(tags: readonly string[], text: string): string[] {
  return text.split(',').reduce<string[]>((list, part) => addTag(list, part), [...tags]);
}

/**
 * Splits what the user typed into the tag box: every part before the last comma is a finished
 * tag (typing a comma adds the tag), the rest stays in the box as the draft (leading blanks dropped).
 */
export function splitTagDraft(text: string): { finished: string[]; draft: string } {
  const parts = text.split(',');
  const draft = parts.pop() ?? '';
  return { finished: parts, draft: draft.trimStart() };
}
