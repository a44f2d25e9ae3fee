import styled from 'styled-components';
import { useDocumentTitle } from '../use-document-title';

const Box = styled.section`
  display: grid;
  gap: 8px;
  padding: 24px 0;
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0;
  }
`;

/** A page that a later issue fills: its heading and one line, so every route resolves. */
export function PlaceholderPage({ title, note }: { title: string; note?: string }) {
  useDocumentTitle(title);
  return (
    <Box>
      <h1>{title}</h1>
      <p>{note ?? 'Coming soon.'}</p>
    </Box>
  );
}
