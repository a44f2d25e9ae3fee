/**
 * The search box's listbox of suggestions (WAI-ARIA 1.2 combobox popup): what is typed plain, the
 * completion bold. Options keep the focus in the box on press (mousedown is cancelled), so a
 * click or tap chooses without closing the list first; each is at least 44 px tall for fingers.
 */
import styled from 'styled-components';
import type { Suggestion } from '../../contract/search';
import { SearchIcon } from '../ui/icons';
import { matchParts } from './suggestion-match';

const List = styled.ul`
  position: fixed;
  top: ${({ theme }) => theme.layout.topBarHeight};
  left: 0;
  right: 0;
  z-index: 71;
  margin: 0;
  padding: 8px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow};
  ${({ theme }) => theme.media.md} {
    position: absolute;
    top: calc(100% + 4px);
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;
const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;
  padding: 0 16px;
  cursor: pointer;
  font-weight: 700;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Text = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const Typed = styled.span`
  font-weight: 400;
`;

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

export function SearchSuggestions({
  id,
  open,
  label,
  suggestions,
  typed,
  highlighted,
  onHighlight,
  onChoose,
}: {
  id: string;
  open: boolean;
  label: string;
  suggestions: readonly Suggestion[];
  typed: string;
  highlighted: number;
  onHighlight: (index: number) => void;
  onChoose: (index: number) => void;
}) {
  return (
    <List id={id} role="listbox" aria-label={label} hidden={!open}>
      {suggestions.map((suggestion, index) => (
        <Option
          key={`${suggestion.kind}:${suggestion.text}`}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === highlighted}
          $active={index === highlighted}
          onMouseDown={(e) => e.preventDefault()}
          onPointerMove={() => index !== highlighted && onHighlight(index)}
          onClick={() => onChoose(index)}
        >
          <SearchIcon size={18} />
          <Text>
            {matchParts(suggestion.text, typed).map((part, i) =>
              part.typed ? <Typed key={i}>{part.text}</Typed> : part.text,
            )}
          </Text>
        </Option>
      ))}
    </List>
  );
}
