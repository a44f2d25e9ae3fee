export default function TermsPage() {
  return <h1>Terms and Conditions</h1>;
}
