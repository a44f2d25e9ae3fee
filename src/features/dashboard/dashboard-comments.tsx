/**
 * The dashboard's Comments tab (issue 33), the creator's desk for the conversation under their
 * videos: the review queue of held comments first (what needs the creator now), then the held
 * words that fill it and the users blocked from commenting, side by side on wide screens.
 */
import styled from 'styled-components';
import { BlockedUsers } from './blocked-users';
import { HeldQueue } from './held-queue';
import { HeldWordsEditor } from './held-words-editor';

const Desk = styled.section`
  display: grid;
  gap: 32px;
  margin-top: 16px;
  h2 {
    margin: 0 0 12px;
  }
`;

const Settings = styled.div`
  display: grid;
  gap: 32px;
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

export function DashboardComments() {
  return (
    <Desk aria-label="Comments">
      <HeldQueue />
      <Settings>
        <HeldWordsEditor />
        <BlockedUsers />
      </Settings>
    </Desk>
  );
}
