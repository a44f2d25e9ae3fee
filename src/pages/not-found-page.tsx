import { Link } from 'wouter';
import styled from 'styled-components';
import { MESSAGES } from '../../machines/messages';
import { useDocumentTitle } from '../use-document-title';

const Box = styled.main`
  display: grid;
  place-content: center;
  gap: 16px;
  min-height: 100vh;
  padding: 24px;
  text-align: center;
`;

/** Unknown routes (spec §8): the default error page text, with a way home. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box>
      <h1>{MESSAGES.unexpectedError}</h1>
      <p>404 Not Found</p>
      <Link href="/">Go to the home page</Link>
    </Box>
  );
}
