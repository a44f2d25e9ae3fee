/**
 * /Dashboard/Content: a heading, the Create menu, the Upload Video dialog, the analytics grid and
 * the creator's video list (the playlists and tweets tabs come later). Whether the dialog is open is plain view
 * state: the upload machine lives inside the dialog and starts fresh each time it opens.
 */
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { VideoItem } from '../../contract/shapes';
import { DashboardStatsSection } from '../features/dashboard/dashboard-stats';
import { DashboardVideos } from '../features/dashboard/dashboard-videos';
import { CreateMenu } from '../features/videos/create-menu';
import { UploadDialog } from '../features/videos/upload-dialog';
import { useCurrentUser } from '../session';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 24px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Uploaded = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
`;

export default function DashboardContentPage() {
  const user = useCurrentUser();
  const [uploading, setUploading] = useState(false);
  // Videos uploaded in this visit, so the creator can open them right away.
  const [uploaded, setUploaded] = useState<VideoItem[]>([]);
  const close = useCallback(() => setUploading(false), []);
  const remember = useCallback((video: VideoItem) => setUploaded((list) => [video, ...list]), []);

  return (
    <section>
      <Header>
        <div>
          <h1>Welcome back, {user?.fullName ?? 'creator'}</h1>
          <p>Upload and manage your videos.</p>
        </div>
        <CreateMenu onUpload={() => setUploading(true)} />
      </Header>
      <DashboardStatsSection />
      {uploaded.length > 0 && (
        <Uploaded aria-label="Uploaded just now">
          {uploaded.map((video) => (
            <li key={video._id}>
              Uploaded: <Link href={`/watch/${video._id}`}>{video.title}</Link>
            </li>
          ))}
        </Uploaded>
      )}
      <DashboardVideos />
      {uploading && <UploadDialog onClose={close} onUploaded={remember} />}
    </section>
  );
}
