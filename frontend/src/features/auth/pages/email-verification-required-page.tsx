import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function EmailVerificationRequiredPage() {
  return <PlaceholderPage titleKey="pages.emailVerification.title" descriptionKey="pages.emailVerification.description" />;
}
