/**
 * The tag box of the video forms (upload and edit, spec §5): a text input whose Enter, comma or
 * Add button finishes a tag, and the chips of the tags so far, each with its remove button. It
 * only renders and reports; the owner applies machines/tags.ts (trimmed, empty and duplicate tags
 * ignored) so that both forms follow the same rules.
 */
import styled from 'styled-components';
import { LIMITS } from '../../contract/limits';
import { Button } from '../ui/button';

const Row = styled.div`
  display: flex;
  gap: 8px;
  input {
    flex: 1;
    min-width: 0;
  }
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 4px 2px 10px;
    border-radius: ${({ theme }) => theme.radii.round};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  button {
    border: none;
    background: none;
    cursor: pointer;
    padding: 2px 6px;
    border-radius: 50%;
  }
`;

export interface TagInputProps {
  /** The input's id, for the field's <label htmlFor>. */
  id: string;
  tags: readonly string[];
  /** What is typed and not yet a tag. */
  draft: string;
  /** Every keystroke, commas included (the owner splits finished tags off). */
  onDraftChange: (text: string) => void;
  /** Enter or Add: the draft becomes a tag. */
  onAdd: () => void;
  onRemove: (tag: string) => void;
  /** A save runs: the buttons are disabled and the box is read-only (so it keeps focus). */
  disabled?: boolean;
  /** Id of a hint under the field, read with the input. */
  describedBy?: string;
}

export function TagInput({
  id,
  tags,
  draft,
  onDraftChange,
  onAdd,
  onRemove,
  disabled = false,
  describedBy,
}: TagInputProps) {
  return (
    <>
      <Row>
        <input
          id={id}
          type="text"
          value={draft}
          maxLength={LIMITS.tags.tagMax}
          placeholder="Type a tag, then Enter or comma"
          readOnly={disabled}
          aria-describedby={describedBy}
          onChange={(e) => onDraftChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!disabled) onAdd();
            }
          }}
        />
        <Button variant="secondary" onClick={onAdd} disabled={disabled}>
          Add
        </Button>
      </Row>
      {tags.length > 0 && (
        <Chips aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                disabled={disabled}
                onClick={() => onRemove(tag)}
              >
                ×
              </button>
            </li>
          ))}
        </Chips>
      )}
    </>
  );
}
