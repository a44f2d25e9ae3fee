/**
 * A video's "⋮" menu (a feed card, a history entry): the shared ActionsMenu with Save first
 * (issue 23: Add to playlist for that video, whoever owns it, or "Sign in to continue" first for a
 * visitor), then the caller's own items.
 *
 * Controlled: the caller owns whether it is open (a card in local state, the history page in its
 * machine, which closes the menu when an entry is removed).
 *
 * Save's dialogs are a lazy chunk (lazy-save-video.tsx), fetched when the menu opens: a page's
 * first JavaScript carries only this button and its list.
 */
import { useMemo, useState } from 'react';
import type { VideoItem } from '../../contract/shapes';
import { ActionsMenu, type MenuAction } from './actions-menu';
import { preloadSaveVideo, SaveVideoDialog } from './lazy-save-video';

/** An item after Save; choosing it calls `onSelect` (which decides whether the menu closes). */
export interface VideoMenuItem {
  label: string;
  onSelect: () => void;
}

export interface VideoActionsMenuProps {
  video: VideoItem;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  disabled?: boolean;
  items?: readonly VideoMenuItem[];
  /** For styled(VideoActionsMenu): lands on the wrapper, which has `data-open` while in use. */
  className?: string;
}

export function VideoActionsMenu({
  video,
  open,
  onToggle,
  onClose,
  disabled,
  items = [],
  className,
}: VideoActionsMenuProps) {
  const [saving, setSaving] = useState(false);
  const actions = useMemo<MenuAction[]>(
    () => [
      {
        label: 'Save',
        onSelect: ({ returnFocus }) => {
          // Back on the button first, so the dialog hands focus back there.
          returnFocus();
          onClose();
          setSaving(true);
        },
      },
      ...items.map((item) => ({ label: item.label, onSelect: () => item.onSelect() })),
    ],
    [items, onClose],
  );

  return (
    <ActionsMenu
      label={`Actions for ${video.title}`}
      open={open}
      onToggle={() => {
        if (!open) preloadSaveVideo();
        onToggle();
      }}
      onClose={onClose}
      items={actions}
      disabled={disabled}
      inUse={saving}
      className={className}
    >
      {saving && <SaveVideoDialog video={video} onClose={() => setSaving(false)} />}
    </ActionsMenu>
  );
}
