import { Link } from 'wouter';
import styled from 'styled-components';
import { TERMS_DATE } from '../../machines/constants';
import { buttonStyle, type ButtonVariant } from '../ui/button';
import { LEGAL_SECTIONS, LegalLayout } from '../features/legal/legal-layout';
import { useDocumentTitle } from '../use-document-title';

const Dated = styled.p`
  font-weight: 600;
`;
const Conform = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyle}
  margin-top: 32px;
`;

/** /TermsAndConditions: where a new account lands; 'Conform' (the spec's spelling) goes home. */
export default function TermsPage() {
  useDocumentTitle('Terms and Conditions');
  return (
    <LegalLayout>
      <h1>Terms and Conditions</h1>
      <Dated>Current as of {TERMS_DATE}</Dated>
      <p>
        Welcome! By using this service you agree to these terms. Please read them together with our
        privacy practices below: they explain what we collect and how we use it.
      </p>
      {LEGAL_SECTIONS.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          <p>{s.text}</p>
        </section>
      ))}
      <Link href="/" asChild>
        <Conform>Conform</Conform>
      </Link>
    </LegalLayout>
  );
}
