/**
 * Which implementations the video screens' promise actors use. The app uses the real API calls
 * (src/api/videos.ts, src/api/engagement.ts); view tests render the same pages with fakes
 * through `<VideoActorsProvider actors={...}>`, like the account screens' ActorsProvider.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { realVideoActors, type VideoActors } from '../../api/video-actors';

const VideoActorsContext = createContext<VideoActors>(realVideoActors);

export function VideoActorsProvider({
  actors,
  children,
}: {
  actors?: Partial<VideoActors>;
  children: ReactNode;
}) {
  const parent = useContext(VideoActorsContext);
  const value = useMemo(() => ({ ...parent, ...actors }), [parent, actors]);
  return <VideoActorsContext.Provider value={value}>{children}</VideoActorsContext.Provider>;
}

export function useVideoActors(): VideoActors {
  return useContext(VideoActorsContext);
}
