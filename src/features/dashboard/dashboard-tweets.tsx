/**
 * The dashboard's Tweets tab: the caller's tweets with post, edit and delete. The list logic is
 * the channel's tweets machine and the list the channel's (each tweet with like, Edit, Delete
 * asked first); only posting and editing move into dialogs here (spec §2 Dialogs: create/edit tweet).
 */
import { useSelector } from '@xstate/react';
import { selectTotal } from '../../../machines/tweets.selectors';
import { useCurrentUser } from '../../session';
import { useEmitted } from '../../use-emitted';
import { Button } from '../../ui/button';
import { tweetCountLabel } from '../../../machines/messages';
import { TweetList } from '../../components/tweet-list';
import { useTweets } from '../../components/use-tweets';
import { TabHeader } from './tab-header';
import { EditTweetDialog, PostTweetDialog } from './tweet-dialogs';

export function DashboardTweets({
  composing,
  onCompose,
  onComposeClosed,
  onCountChanged,
}: {
  /** The Post Tweet dialog is open (from this tab's button or the Create menu). */
  composing: boolean;
  onCompose: () => void;
  onComposeClosed: () => void;
  /** A tweet was posted or deleted: the analytics grid reads its counts again. */
  onCountChanged: () => void;
}) {
  const me = useCurrentUser();
  const tweets = useTweets(me?._id ?? '');
  // The dialog closes once the tweet is posted (the machine then reloads the list).
  useEmitted(tweets, {
    posted: () => {
      onComposeClosed();
      onCountChanged();
    },
    deleted: () => onCountChanged(),
  });
  const total = useSelector(tweets, selectTotal);

  return (
    <section aria-label="Your tweets">
      <TabHeader title={tweetCountLabel(total)}>
        <Button onClick={onCompose}>Post tweet</Button>
      </TabHeader>
      <TweetList tweets={tweets} own inlineEdit={false} />
      {composing && <PostTweetDialog tweets={tweets} onClose={onComposeClosed} />}
      <EditTweetDialog tweets={tweets} />
    </section>
  );
}
