import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { PolicyDocument } from '../components/PolicyDocument.tsx';

/** The notice linked from the Korean entrance (/login/kr), laid out as Korean privacy law expects. */
export const DYVITY_PRIVACY_SECTIONS = ['items', 'purpose', 'retention', 'thirdParties', 'processors', 'rights', 'officer'] as const;

export function DyvityPrivacyPage() {
  return (
    <PublicPage wide languageSwitcher={<SessionLanguageSwitcher />} testId="dyvity-privacy-page" privacyPath="/dyvityPrivacy">
      <PolicyDocument documentKey="dyvity" sectionIds={DYVITY_PRIVACY_SECTIONS} />
    </PublicPage>
  );
}
