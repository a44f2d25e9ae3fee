import { LEGAL_SECTIONS, LegalLayout } from '../features/legal/legal-layout';
import { useDocumentTitle } from '../use-document-title';

/** /PrivacyPolicy. */
export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalLayout>
      <h1>Privacy Policy</h1>
      <p>This policy describes how we handle your personal information when you use the service.</p>
      {LEGAL_SECTIONS.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          <p>{s.text}</p>
        </section>
      ))}
    </LegalLayout>
  );
}
