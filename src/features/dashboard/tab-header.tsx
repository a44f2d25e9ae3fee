/** A content tab's heading with its own action (New playlist, Post tweet) on the right. */
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 16px 0 8px;
  h2 {
    margin: 0;
  }
`;

export function TabHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Header>
      <h2>{title}</h2>
      {children}
    </Header>
  );
}
