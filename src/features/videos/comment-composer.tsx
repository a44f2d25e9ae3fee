/**
 * The box under a comment that answers it, or in its place that edits it (commentComposerMachine):
 * Cancel and Reply / Save; Escape cancels; a failure keeps the box and its text.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '../../../contract/limits';
import {
  selectCanSubmit,
  selectIsSubmitting,
  selectMode,
  selectText,
  type commentComposerMachine,
} from '../../../machines/comment-composer.machine';
import { Button } from '../../ui/button';
import { Box } from './comment-row.styles';

export const REPLY_BOX_LABEL = 'Add a reply';
export const EDIT_BOX_LABEL = 'Edit your comment';

export function CommentComposer({
  composer,
}: {
  composer: ActorRefFrom<typeof commentComposerMachine>;
}) {
  const id = useId();
  const mode = useSelector(composer, selectMode);
  const text = useSelector(composer, selectText);
  const canSubmit = useSelector(composer, selectCanSubmit);
  const submitting = useSelector(composer, selectIsSubmitting);
  return (
    <Box
      onSubmit={(e) => {
        e.preventDefault();
        composer.send({ type: 'SUBMIT' });
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {mode === 'reply' ? REPLY_BOX_LABEL : EDIT_BOX_LABEL}
      </label>
      <textarea
        id={id}
        autoFocus
        rows={mode === 'reply' ? 2 : 3}
        placeholder={mode === 'reply' ? 'Add a reply...' : undefined}
        value={text}
        maxLength={LIMITS.comment.max}
        onFocus={(e) => {
          // The cursor after the "@userName " it opened with.
          const end = e.currentTarget.value.length;
          e.currentTarget.setSelectionRange(end, end);
        }}
        onChange={(e) => composer.send({ type: 'TEXT_CHANGED', text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !submitting) composer.send({ type: 'CANCEL' });
        }}
      />
      <div>
        <Button
          variant="secondary"
          disabled={submitting}
          onClick={() => composer.send({ type: 'CANCEL' })}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit && !submitting} loading={submitting}>
          {mode === 'reply' ? 'Reply' : 'Save'}
        </Button>
      </div>
    </Box>
  );
}
