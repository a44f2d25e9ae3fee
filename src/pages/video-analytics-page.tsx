/** Issue 34: /Dashboard/Content/Videos/{videoId}/Analytics, one video's analytics for its owner. */
import { Link, useParams } from 'wouter';
import { VideoAnalyticsPanel } from '../features/dashboard/video-analytics';
import { useDocumentTitle } from '../use-document-title';

export default function VideoAnalyticsPage() {
  const { videoId = '' } = useParams<{ videoId: string }>();
  useDocumentTitle('Video analytics');
  return (
    <div style={{ padding: '16px', maxWidth: 1100, margin: '0 auto' }}>
      <p>
        <Link href="/Dashboard/Content">← Back to content</Link>
      </p>
      <VideoAnalyticsPanel key={videoId} videoId={videoId} />
    </div>
  );
}
