/**
 * One tweet (spec §2 Tweets tab): author avatar, full name, @username, content, 'Posted {relative
 * time}', the like toggle, and on one's own tweets Edit and Delete (asked first) with an inline
 * edit box. Every action goes to the tweets machine; this view only renders and sends.
 */
import { useState } from 'react';
import type { Tweet } from '../../contract/tweets';
import { isTweetTooLong } from '../../machines/tweet-text';
import type { TweetsEvent } from '../../machines/tweets.types';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { ConfirmQuestion } from './confirm-question';
import { TweetLikeButton } from './tweet-like-button';
import { RelativeTime } from './relative-time';
import { TweetBox } from './tweet-box';
import { Actions, Byline, Card } from './tweets.styles';

export const DELETE_TWEET_QUESTION = 'Delete this tweet? This cannot be undone.';

export function TweetItem({
  tweet,
  own,
  editText,
  busy,
  send,
}: {
  tweet: Tweet;
  own: boolean;
  /** The edit box's text when this tweet is being edited, else null. */
  editText: string | null;
  /** A post, edit or delete runs: actions wait. */
  busy: boolean;
  send: (event: TweetsEvent) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card data-testid="tweet">
      <Avatar src={tweet.owner.avatar} sizes={tweet.owner.avatarSizes} alt="" size={40} />
      <div>
        <Byline>
          <strong>{tweet.owner.fullName}</strong>
          <span>@{tweet.owner.userName}</span>
          <small>
            Posted <RelativeTime iso={tweet.createdAt} />
          </small>
        </Byline>
        {editText === null ? (
          <p>{tweet.content}</p>
        ) : (
          <TweetBox
            label="Edit tweet"
            text={editText}
            onText={(text) => send({ type: 'EDIT_TEXT', text })}
          />
        )}
        <Actions>
          <TweetLikeButton tweet={tweet} />
          {own && editText === null && (
            <>
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => send({ type: 'START_EDIT', tweetId: tweet._id })}
              >
                Edit
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </>
          )}
          {own && editText !== null && (
            <>
              <Button variant="secondary" onClick={() => send({ type: 'CANCEL_EDIT' })}>
                Cancel
              </Button>
              <Button
                disabled={busy || isTweetTooLong(editText)}
                onClick={() => send({ type: 'SAVE_EDIT' })}
              >
                Save
              </Button>
            </>
          )}
        </Actions>
      </div>
      {confirming && (
        <ConfirmQuestion
          title="Delete tweet?"
          message={DELETE_TWEET_QUESTION}
          confirmLabel="Delete"
          onConfirm={() => {
            setConfirming(false);
            send({ type: 'DELETE', tweetId: tweet._id });
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
