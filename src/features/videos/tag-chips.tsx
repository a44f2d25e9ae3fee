/**
 * The home feed's chip row: 'All' then the signed-in user's tags, exactly one pressed. A row of
 * toggle buttons (aria-pressed) that scrolls sideways on narrow screens.
 */
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  padding: 2px 2px 10px;
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
`;

const Chip = styled.button<{ $active: boolean }>`
  flex: none;
  min-height: 34px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $active, theme }) => ($active ? theme.colors.text : theme.colors.surfaceRaised)};
  color: ${({ $active, theme }) => ($active ? theme.colors.bg : theme.colors.text)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${({ $active, theme }) => ($active ? theme.colors.text : theme.colors.surfaceHover)};
  }
`;

export const ALL_LABEL = 'All';

export function TagChips({
  tags,
  active,
  onSelect,
}: {
  tags: readonly string[];
  /** The active tag; null is 'All'. */
  active: string | null;
  onSelect: (tag: string | null) => void;
}) {
  const chips: Array<{ label: string; tag: string | null }> = [
    { label: ALL_LABEL, tag: null },
    ...tags.map((tag) => ({ label: tag, tag })),
  ];
  return (
    <Row role="toolbar" aria-label="Filter by tag">
      {chips.map(({ label, tag }) => (
        <Chip
          key={tag ?? ''}
          type="button"
          $active={active === tag}
          aria-pressed={active === tag}
          onClick={() => onSelect(tag)}
        >
          {label}
        </Chip>
      ))}
    </Row>
  );
}
