import { LegalDocument } from './legal-document.tsx';

/** /responsible-gaming: adults only, signs of a problem, tips, self-exclusion, help in Kenya. */
export default function ResponsibleGamingPage() {
  return <LegalDocument page="responsible" />;
}
