import { useParams } from 'wouter';
import styled from 'styled-components';
import { LinkTabs } from '../ui/tabs';
import { useDocumentTitle } from '../use-document-title';

/** The channel's tabs: path segment and label (the Subscribed tab is labelled Subscribers). */
export const CHANNEL_TABS = [
  { path: 'Videos', label: 'Videos' },
  { path: 'PlayList', label: 'PlayList' },
  { path: 'Tweets', label: 'Tweets' },
  { path: 'Subscribed', label: 'Subscribers' },
] as const;

const Head = styled.header`
  display: grid;
  gap: 4px;
  margin-bottom: 16px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Panel = styled.section`
  padding: 24px 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Placeholder channel page: heading and tabs; the channel issue fills the tab contents. */
export default function ChannelPage() {
  const { userName = '', tab } = useParams<{ userName: string; tab?: string }>();
  useDocumentTitle(`@${userName}`);
  const active =
    CHANNEL_TABS.find((t) => t.path.toLowerCase() === (tab ?? 'Videos').toLowerCase()) ??
    CHANNEL_TABS[0];
  return (
    <>
      <Head>
        <h1>Channel</h1>
        <p>@{userName}</p>
      </Head>
      <LinkTabs
        label="Channel sections"
        items={CHANNEL_TABS.map((t) => ({
          label: t.label,
          href: `/Channel/${userName}/${t.path}`,
          active: t === active,
        }))}
      />
      <Panel>
        <h2>{active.label}</h2>
      </Panel>
    </>
  );
}
