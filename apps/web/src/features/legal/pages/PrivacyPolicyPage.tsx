import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { PolicyDocument } from '../components/PolicyDocument.tsx';

export const PRIVACY_POLICY_SECTIONS = ['scope', 'collect', 'purpose', 'retention', 'storage', 'rights', 'contact'] as const;

export function PrivacyPolicyPage() {
  return (
    <PublicPage wide languageSwitcher={<SessionLanguageSwitcher />} testId="privacy-policy-page">
      <PolicyDocument documentKey="privacy" sectionIds={PRIVACY_POLICY_SECTIONS} />
    </PublicPage>
  );
}
