/** Previous, 'Page X of Y' and Next under the history list (spec §2), only with 2+ pages. */
import styled from 'styled-components';
import { LIBRARY_MESSAGES as TEXT, pageLabel } from '../../../machines/messages';
import { Button } from '../../ui/button';

const Bar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 16px;
  padding-top: 8px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
`;

export function HistoryPager(props: {
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <Bar aria-label="History pages">
      <Button variant="secondary" disabled={!props.hasPrevious} onClick={props.onPrevious}>
        {TEXT.previous}
      </Button>
      <span>{pageLabel(props.page, props.totalPages)}</span>
      <Button variant="secondary" disabled={!props.hasNext} onClick={props.onNext}>
        {TEXT.next}
      </Button>
    </Bar>
  );
}
