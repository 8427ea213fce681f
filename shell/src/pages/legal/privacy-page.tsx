import { LegalDocument } from './legal-document.tsx';

/** /privacy: the data collected and why, under Kenya's Data Protection Act 2019, and the rights. */
export default function PrivacyPage() {
  return <LegalDocument page="privacy" />;
}
