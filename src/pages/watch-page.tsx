/**
 * Watch page (spec §2 Watch page): the player, title, views, like button, Share and Save, the
 * channel row with Subscribe/Subscribed (View Channel for the owner), the description collapsed
 * at 200 characters, comments, and 'More From This Channel'.
 *
 * The video is loaded by watchMachine (loading, loaded or failed); each video id gets a fresh
 * page (keyed), so moving to another video starts clean.
 *
 * Choices where the spec is silent:
 * - Share copies the page's link with the Clipboard API and says 'Link copied to clipboard'.
 * - Save has no behaviour yet (playlists come later): it is shown disabled, marked 'coming soon'.
 * - After a subscribe toggle the channel's fresh count comes back in the toggle's own answer, so
 *   the page does not fetch the video again (that would record another history entry).
 */
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectHasFailed,
  selectIsNotFound,
  selectVideo,
  watchMachine,
} from '../../machines/watch.machine';
import { notify } from '../notify';
import { Link, useParams } from 'wouter';
import {
  Actions,
  Bar,
  Channel,
  Layout,
  PlayerArea,
  Primary,
  Side,
  Problem,
  Title,
  ViewChannel,
} from './watch-page.styles';
import type { VideoDetail } from '../../contract/videos';
import { CommentsSection } from '../features/videos/comments-section';
import { DescriptionBox } from '../features/videos/description-box';
import { LikeButton } from '../features/videos/like-button';
import { MoreFromChannel } from '../features/videos/more-from-channel';
import { SubscribeButton, useSubscribeToggle } from '../components/subscribe-button';
import { channelPath } from '../components/video-card';
import { useActors } from '../actors';
import { VideoPlayer } from '../features/player/video-player';
import { formatSubscribers, formatViewCount } from '../format';
import { useCurrentUser } from '../session';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/spinner';
import { useDocumentTitle } from '../use-document-title';
import { useState } from 'react';
import { RelativeTime } from '../components/relative-time';

export const SHARE_COPIED = 'Link copied to clipboard';
export const SHARE_FAILED = 'Could not copy the link';
export const VIDEO_NOT_FOUND = 'This video is not available.';

async function shareLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    notify.success(SHARE_COPIED);
  } catch (error) {
    console.error('Copying the link failed:', error);
    notify.error(SHARE_FAILED);
  }
}

function ChannelRow({ video }: { video: VideoDetail }) {
  const me = useCurrentUser();
  const { owner } = video;
  const { toggle, count } = useSubscribeToggle(
    owner._id,
    owner.isSubscribed,
    owner.subscriberCount,
  );
  const own = me?._id === owner._id;
  return (
    <Channel>
      <Link href={channelPath(owner.userName)} aria-label={`${owner.fullName} channel`}>
        <Avatar src={owner.avatar} sizes={owner.avatarSizes} alt="" size={44} />
      </Link>
      <div>
        <Link className="name" href={channelPath(owner.userName)}>
          {owner.fullName}
        </Link>
        <small data-testid="subscriber-count">{formatSubscribers(count)}</small>
      </div>
      {own ? (
        <ViewChannel href={channelPath(owner.userName)}>View Channel</ViewChannel>
      ) : (
        <SubscribeButton toggle={toggle} />
      )}
    </Channel>
  );
}

function WatchVideo({ videoId }: { videoId: string }) {
  const { fetchVideo } = useActors();
  const watch = useActorRef(watchMachine.provide({ actors: { fetchVideo } }), {
    input: { videoId },
  });
  const video = useSelector(watch, selectVideo);
  const failed = useSelector(watch, selectHasFailed);
  const notFound = useSelector(watch, selectIsNotFound);
  const [theater, setTheater] = useState(false);

  // The tab shows what is playing, as on every video site; the product's name until then.
  useDocumentTitle(video?.title);

  if (failed) {
    return (
      <Problem role="alert">
        <p>{notFound ? VIDEO_NOT_FOUND : 'Failed to load this video. Please try again.'}</p>
        <Link href="/">Back to Home</Link>
      </Problem>
    );
  }
  if (!video) return <PageSpinner />;

  return (
    <Layout $theater={theater}>
      <PlayerArea>
        <VideoPlayer
          key={video._id}
          src={video.videoFile}
          hlsUrl={video.processing.hlsUrl}
          poster={video.thumbnail}
          title={video.title}
          onTheaterChange={setTheater}
        />
      </PlayerArea>
      <Primary>
        <Title>{video.title}</Title>
        <Bar>
          <ChannelRow video={video} />
          <Actions>
            <LikeButton videoId={video._id} />
            <Button variant="secondary" onClick={() => void shareLink()}>
              Share
            </Button>
            <Button variant="secondary" disabled title="Saving to playlists is coming soon">
              Save
            </Button>
          </Actions>
        </Bar>
        <DescriptionBox
          stats={
            <>
              {formatViewCount(video.views)} • <RelativeTime iso={video.createdAt} />
            </>
          }
          text={video.description}
        />
        <CommentsSection videoId={video._id} />
      </Primary>
      <Side>
        <MoreFromChannel ownerId={video.owner._id} currentId={video._id} />
      </Side>
    </Layout>
  );
}

export default function WatchPage() {
  const { videoId = '' } = useParams<{ videoId: string }>();
  return <WatchVideo key={videoId} videoId={videoId} />;
}
