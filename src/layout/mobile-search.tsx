import { m } from 'framer-motion';
import styled from 'styled-components';
import { IconButton } from '../ui/icon-button';
import { ArrowLeftIcon } from '../ui/icons';
import { MotionRoot } from '../ui/motion-root';
import { SearchBox } from './search-box';

const Overlay = styled(m.div)`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 70;
  display: flex;
  align-items: center;
  gap: 8px;
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 8px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * Phones: the search box expands over the top bar; the back arrow or a search closes it.
 * Lazy-loaded by the top bar when first opened.
 */
export default function MobileSearch({ onClose }: { onClose: () => void }) {
  return (
    <MotionRoot>
      <Overlay
        role="dialog"
        aria-label="Search"
        initial={{ opacity: 0, y: -12 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: 0.15 }}
      >
        <IconButton label="Close search" onClick={onClose}>
          <ArrowLeftIcon />
        </IconButton>
        <SearchBox autoFocus onSearched={onClose} />
      </Overlay>
    </MotionRoot>
  );
}
