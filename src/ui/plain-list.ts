/** A list without bullets whose items stack with a gap (tweets, a channel's subscribers). */
import styled from 'styled-components';

export const PlainList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;
