/** The look the batch dialogs (add to playlists, add or remove videos) share. */
import styled from 'styled-components';

/** The content of a batch dialog above its actions. */
export const DialogBody = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 16px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  > button {
    justify-self: start;
  }
`;
