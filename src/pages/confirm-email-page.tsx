import { useSearch } from 'wouter';
import { ConfirmEmailStatus } from '../features/account/confirm-email-status';
import { useDocumentTitle } from '../use-document-title';

/** /confirm-email?token=… (issue 32): the page of a mailed confirmation link. */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm your email address');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <section style={{ maxWidth: 560, margin: '0 auto' }}>
      <h1>Confirm your email address</h1>
      <ConfirmEmailStatus token={token} />
    </section>
  );
}
