/**
 * A video card's "⋮" menu (issue 23): the shared video menu (video-actions-menu.tsx) with Save
 * only, open in local state. One Tab stop per card. With a mouse it shows while the card is
 * hovered or holds the focus, as on the largest video site; on touch screens it always shows.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { VideoItem } from '../../contract/shapes';
import { VideoActionsMenu } from './video-actions-menu';

const CardMenu = styled(VideoActionsMenu)`
  @media (hover: hover) and (pointer: fine) {
    article:not(:hover):not(:focus-within) &:not([data-open]) {
      opacity: 0;
    }
  }
`;

export function VideoCardMenu({ video }: { video: VideoItem }) {
  const [open, setOpen] = useState(false);
  return (
    <CardMenu
      video={video}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      onClose={() => setOpen(false)}
    />
  );
}
