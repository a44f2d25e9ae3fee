/**
 * The embeddable player (issue 34, /embed/{id}): the player alone, filling the frame another site
 * gives it, for anyone (no sign-in), starting at `?t=` seconds when given. The title links to the
 * watch page in a new tab. It is a route of the SPA outside the layout (no top bar, no side
 * menu); the server lets other sites frame this path only (server/http/security-headers.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { useParams, useSearch } from 'wouter';
import { watchPath } from '../../contract/page-routes';
import {
  EMBED_MESSAGES,
  embedMachine,
  selectEmbedMessage,
  selectEmbedVideo,
} from '../../machines/embed.machine';
import { usePageActors } from '../actors';
import { embedActors } from '../api/captions';
import { VideoPlayer } from '../features/player/video-player';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/spinner';
import { useDocumentTitle } from '../use-document-title';

const Fill = createGlobalStyle`
  html, body, #root { height: 100%; margin: 0; background: #000; overflow: hidden; }
`;

const Stage = styled.main`
  position: relative;
  height: 100%;
  display: grid;
  place-items: center;
  color: #fff;
  /* The player keeps 16:9 inside whatever box the other site gave. */
  & > [data-testid='player'] {
    max-height: 100vh;
    width: min(100vw, calc(100vh * 16 / 9));
    border-radius: 0;
  }
`;

const TitleLink = styled.a`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  z-index: 2;
  padding: 10px 14px 24px;
  color: #fff;
  font-size: 15px;
  font-weight: 600;
  text-decoration: none;
  background: linear-gradient(rgba(0, 0, 0, 0.7), transparent);
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }
`;

const Message = styled.p`
  font-size: 18px;
  text-align: center;
`;

/** `?t=93` (or 1m33s as the larger sites write it): seconds, null when absent or unreadable. */
export function startSeconds(search: string): number | null {
  const t = new URLSearchParams(search).get('t');
  if (!t) return null;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(t);
  if (!m || t === '') return null;
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export default function EmbedPage() {
  const { videoId = '' } = useParams<{ videoId: string }>();
  const search = useSearch();
  const actors = usePageActors(embedActors);
  const embed = useActorRef(embedMachine.provide({ actors }), { input: { videoId } });
  const video = useSelector(embed, selectEmbedVideo);
  const message = useSelector(embed, selectEmbedMessage);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  useDocumentTitle(video ? video.title : (message ?? 'VidTube'));

  const start = startSeconds(search);
  useEffect(() => {
    if (!element || start === null) return;
    const seek = () => {
      element.currentTime = Math.min(start, element.duration || start);
    };
    if (element.readyState >= 1) seek();
    else element.addEventListener('loadedmetadata', seek, { once: true });
    return () => element.removeEventListener('loadedmetadata', seek);
  }, [element, start]);

  return (
    <Stage>
      <Fill />
      {video ? (
        <>
          <TitleLink href={watchPath(video._id)} target="_blank" rel="noopener">
            {video.title}
          </TitleLink>
          <VideoPlayer
            src={video.videoFile}
            hlsUrl={video.hlsUrl}
            poster={video.thumbnail}
            title={video.title}
            captions={video.captions}
            onElement={setElement}
          />
        </>
      ) : message ? (
        <div role="alert">
          <Message>{message}</Message>
          {message === EMBED_MESSAGES.failed && (
            <Button onClick={() => embed.send({ type: 'RETRY' })}>Retry</Button>
          )}
        </div>
      ) : (
        <PageSpinner />
      )}
    </Stage>
  );
}
