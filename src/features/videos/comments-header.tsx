/**
 * The head of the watch page's comments (issue 33): "1,234 Comments" (comments and replies), the
 * "Sort by" menu (Top comments, Newest first) and, for the video's creator, the switch that
 * allows comments or turns them off.
 */
import styled from 'styled-components';
import type { CommentSort } from '../../../contract/engagement';
import { menuPanel, moveMenuFocus, useMenuButton } from '../../ui/menu';
import { MenuItem } from '../../components/video-menu.styles';

export const SORT_BUTTON = 'Sort by';
export const SORT_LABELS: Record<CommentSort, string> = {
  top: 'Top comments',
  newest: 'Newest first',
};
export const ALLOW_COMMENTS = 'Allow comments';

export const commentsHeading = (count: number | null) =>
  count === null
    ? 'Comments'
    : `${count.toLocaleString('en-US')} ${count === 1 ? 'Comment' : 'Comments'}`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 20px;
  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    margin: 0;
  }
`;

const SortWrap = styled.div`
  position: relative;
`;

const SortButton = styled.button`
  min-height: 36px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const SortMenu = styled.ul`
  ${menuPanel}
  top: calc(100% + 4px);
  /* Under the button, ending at its right edge: on a phone the button sits near the right. */
  right: 0;
  z-index: 20;
  min-width: 180px;
  [aria-checked='true'] {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ theme }) => theme.media.md} {
    margin-left: auto;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.accent};
    width: 18px;
    height: 18px;
  }
`;

export function CommentsHeader({
  headingId,
  count,
  sort,
  onSort,
  canModerate,
  commentsOff,
  savingSettings,
  onCommentsOff,
}: {
  headingId: string;
  count: number | null;
  sort: CommentSort;
  onSort: (sort: CommentSort) => void;
  canModerate: boolean;
  commentsOff: boolean;
  savingSettings: boolean;
  onCommentsOff: (off: boolean) => void;
}) {
  const menu = useMenuButton();
  return (
    <Bar>
      <h2 id={headingId}>{commentsHeading(count)}</h2>
      <SortWrap ref={menu.wrap}>
        <SortButton
          ref={menu.button}
          type="button"
          aria-haspopup="menu"
          aria-expanded={menu.open}
          onClick={menu.toggle}
        >
          {SORT_BUTTON}
        </SortButton>
        {menu.open && (
          <SortMenu role="menu" aria-label={SORT_BUTTON} onKeyDown={moveMenuFocus}>
            {(Object.keys(SORT_LABELS) as CommentSort[]).map((option, index) => (
              <li role="none" key={option}>
                <MenuItem
                  role="menuitemradio"
                  type="button"
                  aria-checked={option === sort}
                  autoFocus={index === 0}
                  onClick={() => menu.choose(() => onSort(option))}
                >
                  {SORT_LABELS[option]}
                </MenuItem>
              </li>
            ))}
          </SortMenu>
        )}
      </SortWrap>
      {canModerate && (
        <Switch>
          {ALLOW_COMMENTS}
          <input
            type="checkbox"
            role="switch"
            checked={!commentsOff}
            aria-checked={!commentsOff}
            disabled={savingSettings}
            onChange={(e) => onCommentsOff(!e.target.checked)}
          />
        </Switch>
      )}
    </Bar>
  );
}
