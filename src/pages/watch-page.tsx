/**
 * Watch page (spec §2 Watch page): the player, title, views, like button, Share and Save, the
 * channel row with Subscribe/Subscribed (View Channel for the owner), the description collapsed
 * at 200 characters, comments, and 'More From This Channel'; beside it "Up next" with the
 * Autoplay switch, and the autoplay countdown over the ended video (issue 31).
 *
 * The video is loaded by watchMachine (loading, loaded or failed); each video id gets a fresh
 * page (keyed), so moving to another video starts clean.
 *
 * Choices where the spec is silent:
 * - Share opens a dialog with the link, "Start at 1:33" (adds `?t=93`) and Copy, which says
 *   'Link copied to clipboard' (features/videos/share-dialog.tsx).
 * - `?t=93` (or `1m33s`) starts the video there, over resuming where the viewer left off.
 * - Save opens the Add to playlist dialog for this video, whoever owns it: Watch later first,
 *   then each playlist of the viewer's, and "New playlist" (components/playlist-dialogs/
 *   save-video.tsx, the same as a video card's Save; a lazy chunk).
 * - After a subscribe toggle the channel's fresh count comes back in the toggle's own answer, so
 *   the page does not fetch the video again (that would record another history entry).
 * - Up next (issue 31) sits at the top of the side column on wide screens, above the spec's list
 *   (which is unchanged, and scrolls on without end: below it Up next could never be reached);
 *   where the page is one column (below `lg`) it sits under the comments' opening (heading and
 *   add box), above the comments themselves, as on the largest site's phone layout. A page
 *   rendered on the server holds it in both places and CSS shows one (watch-page.styles.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectHasFailed,
  selectIsNotFound,
  selectVideo,
  watchMachine,
  watchSlot,
} from '../../machines/watch.machine';
import { parseStartTime, startPoint, type StartPoint } from '../../machines/watch-resume';
import { Link, useParams, useSearch } from 'wouter';
import {
  Actions,
  Bar,
  Channel,
  Layout,
  ONE_COLUMN_QUERY,
  PlayerArea,
  Primary,
  Side,
  Problem,
  Title,
  UpNextBeside,
  UpNextInline,
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
import { WatchedPlayer } from '../features/player/watched-player';
import { PlayerPoster } from '../features/player/video-player';
import { useOfferedSnapshot } from '../first-screen-state';
import { useHydrated } from '../use-hydrated';
import { formatSubscribers, formatViewCount } from '../format';
import { useCurrentUser } from '../session';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/spinner';
import { useDocumentTitle } from '../use-document-title';
import { useMemo, useRef, useState, type RefObject } from 'react';
// issue 34: S
import { parseChapters } from '../../machines/chapters';
import { WatchSeekProvider, type WatchSeek } from '../components/watch-seek';
import { play, seekTo } from '../features/player/media-commands';
import { VisibilityBadge } from '../features/videos/visibility-badge';
import { ShareDialog } from '../features/videos/share-dialog';
import { SaveVideoDialog } from '../components/lazy-save-video';
import { RelativeTime } from '../components/relative-time';
import { UpNextList } from '../features/videos/up-next-list';
import { AutoplayCountdown } from '../features/player/autoplay-countdown';
import { useMediaQuery } from '../use-media-query';
import { useUpNext } from './use-up-next';

export { SHARE_COPIED, SHARE_FAILED } from '../features/videos/share-dialog';
export const VIDEO_NOT_FOUND = 'This video is not available.';

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

/**
 * Where the video starts: a shared link's `?t=` (93 or 1m33s) over where the viewer left off
 * (machines/watch-resume.ts). Read from the address (`search`, its query) once the video is loaded.
 */
function startOf(video: VideoDetail, search: string): StartPoint {
  const shared = parseStartTime(new URLSearchParams(search).get('t'));
  return startPoint({
    duration: video.duration,
    savedSeconds: video.progressSeconds,
    sharedSeconds: shared,
  });
}

/** Issue 34: chapters, seek previews and timestamp links that seek the playing element. */
const seekCache = new WeakMap<VideoDetail, WatchSeek>();
function seekOf(video: VideoDetail, playing: RefObject<HTMLVideoElement | null>): WatchSeek {
  const known = seekCache.get(video);
  if (known) return known;
  const value: WatchSeek = {
    chapters: parseChapters(video.description),
    previews: video.seekPreviews ?? null,
    seek: (seconds) => {
      const element = playing.current;
      if (!element) return;
      seekTo(element, seconds);
      play(element);
      element.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    },
  };
  seekCache.set(video, value);
  return value;
}

function WatchVideo({ videoId }: { videoId: string }) {
  const { fetchVideo } = useActors();
  // A server-rendered page (issue 35) hands over its loaded machine: the watch was made there.
  const offered = useOfferedSnapshot(watchSlot(videoId));
  const watch = useActorRef(watchMachine.provide({ actors: { fetchVideo } }), {
    input: { videoId },
    ...(offered ? { snapshot: offered } : {}),
  });
  const video = useSelector(watch, selectVideo);
  const failed = useSelector(watch, selectHasFailed);
  const notFound = useSelector(watch, selectIsNotFound);
  const [theater, setTheater] = useState(false);
  const search = useSearch();
  const start = useMemo(() => (video ? startOf(video, search) : null), [video, search]);
  // The player picks its source by what this browser supports: the server shows its poster.
  const hydrated = useHydrated();
  // The poster width the server-rendered page's srcset chose, for the player's own poster (of
  // that video only: the page stays as the viewer moves on to others).
  const chosenPoster = useRef<{ videoId: string; url: string } | undefined>(undefined);
  // One dialog at a time: Share or Save.
  const [dialog, setDialog] = useState<'share' | 'save' | null>(null);
  // The playing element, for Share's "Start at" (the player owns it; the page only reads it).
  const playing = useRef<HTMLVideoElement | null>(null);
  const up = useUpNext(videoId);
  const oneColumn = useMediaQuery(ONE_COLUMN_QUERY);
  const upNextList = <UpNextList upNext={up.upNext} autoplay={up.autoplay} />;
  // Both places until hydrated (CSS shows the one that fits the width), then only that one.
  const upNextInline = !hydrated || oneColumn;
  const upNextBeside = !hydrated || !oneColumn;

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
  if (!video || !start) return <PageSpinner />;

  return (
    <WatchSeekProvider value={seekOf(video, playing)}>
      <Layout $theater={theater}>
        <PlayerArea>
          {!hydrated ? (
            <PlayerPoster
              video={video}
              onChosen={(url) => (chosenPoster.current = { videoId: video._id, url })}
            />
          ) : (
            <WatchedPlayer
              key={video._id}
              video={video}
              poster={
                chosenPoster.current?.videoId === video._id ? chosenPoster.current.url : undefined
              }
              start={start}
              onTheaterChange={setTheater}
              onElement={(element) => (playing.current = element)}
              onEnded={up.onEnded}
              onResumed={up.onResumed}
              countdown={
                up.countdown && (
                  <AutoplayCountdown
                    seconds={up.countdown.seconds}
                    title={up.countdown.next.title}
                    onCancel={up.cancel}
                  />
                )
              }
            />
          )}
        </PlayerArea>
        <Primary>
          {/* issue 34: V */}
          <VisibilityBadge video={video} />
          <Title>{video.title}</Title>
          <Bar>
            <ChannelRow video={video} />
            <Actions>
              <LikeButton videoId={video._id} />
              <Button variant="secondary" onClick={() => setDialog('share')}>
                Share
              </Button>
              <Button variant="secondary" onClick={() => setDialog('save')}>
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
          <CommentsSection
            videoId={video._id}
            channelName={video.owner.userName}
            afterOpening={upNextInline ? <UpNextInline>{upNextList}</UpNextInline> : null}
          />
        </Primary>
        {dialog === 'save' && <SaveVideoDialog video={video} onClose={() => setDialog(null)} />}
        {dialog === 'share' && (
          <ShareDialog
            videoPath={`/watch/${video._id}`}
            currentTime={playing.current?.currentTime ?? 0}
            onClose={() => setDialog(null)}
          />
        )}
        <Side>
          {upNextBeside && <UpNextBeside>{upNextList}</UpNextBeside>}
          <MoreFromChannel ownerId={video.owner._id} currentId={video._id} />
        </Side>
      </Layout>
    </WatchSeekProvider>
  );
}

export default function WatchPage() {
  const { videoId = '' } = useParams<{ videoId: string }>();
  return <WatchVideo key={videoId} videoId={videoId} />;
}
