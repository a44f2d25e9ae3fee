/**
 * The Post Tweet and Edit Tweet dialogs of the dashboard's Tweets tab. Both are views of the tab's
 * tweets machine (machines/tweets.machine.ts), which holds the draft and the edit text, checks
 * them ('Tweet content is required!', 'Tweet content cannot be empty') and keeps them when a save
 * fails. While a save runs the text and buttons are disabled and Escape does nothing.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '../../../contract/limits';
import { TWEET_TEXTAREA_ROWS } from '../../../machines/constants';
import { MESSAGES } from '../../../machines/messages';
import { type tweetsMachine } from '../../../machines/tweets.machine';
import {
  selectDraft,
  selectEditing,
  selectIsBusy,
  selectIsReady,
} from '../../../machines/tweets.selectors';
import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Field, Form } from '../../ui/form-layout.styles';

type TweetsRef = ActorRefFrom<typeof tweetsMachine>;

export const TWEET_DIALOG_TITLES = { post: 'Post Tweet', edit: 'Edit Tweet' } as const;

function TweetDialog({
  title,
  text,
  busy,
  ready,
  submitLabel,
  onText,
  onSubmit,
  onClose,
}: {
  title: string;
  text: string;
  busy: boolean;
  /** The machine takes a save now; while the list loads the button waits. */
  ready: boolean;
  submitLabel: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal title={title} onClose={close}>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Field>
          <label htmlFor={id}>Tweet *</label>
          <textarea
            id={id}
            placeholder={MESSAGES.tweetPlaceholder}
            rows={TWEET_TEXTAREA_ROWS}
            maxLength={LIMITS.tweet.max}
            value={text}
            disabled={busy}
            onChange={(e) => onText(e.target.value)}
          />
        </Field>
        <FormActions>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            {submitLabel}
          </Button>
        </FormActions>
      </Form>
    </Modal>
  );
}

/** Open while the tab says so; the tab closes it when the machine emits `posted`. */
export function PostTweetDialog({ tweets, onClose }: { tweets: TweetsRef; onClose: () => void }) {
  const draft = useSelector(tweets, selectDraft);
  const busy = useSelector(tweets, selectIsBusy);
  const ready = useSelector(tweets, selectIsReady);
  return (
    <TweetDialog
      title={TWEET_DIALOG_TITLES.post}
      text={draft}
      busy={busy}
      ready={ready}
      submitLabel="Tweet"
      onText={(text) => tweets.send({ type: 'TYPE', text })}
      onSubmit={() => tweets.send({ type: 'POST' })}
      onClose={onClose}
    />
  );
}

/** Open while the machine has an edit box open (Edit on a tweet); it closes when that is saved. */
export function EditTweetDialog({ tweets }: { tweets: TweetsRef }) {
  const editing = useSelector(tweets, selectEditing);
  const busy = useSelector(tweets, selectIsBusy);
  const ready = useSelector(tweets, selectIsReady);
  if (!editing) return null;
  return (
    <TweetDialog
      title={TWEET_DIALOG_TITLES.edit}
      text={editing.text}
      busy={busy}
      ready={ready}
      submitLabel="Save"
      onText={(text) => tweets.send({ type: 'EDIT_TEXT', text })}
      onSubmit={() => tweets.send({ type: 'SAVE_EDIT' })}
      onClose={() => tweets.send({ type: 'CANCEL_EDIT' })}
    />
  );
}
