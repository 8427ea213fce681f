import { LegalDocument } from './legal-document.tsx';

/** /terms: who may play, the wallet's rules, games and fair play, suspension, complaints, law. */
export default function TermsPage() {
  return <LegalDocument page="terms" />;
}
