import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function AuthPage() {
  return <PlaceholderPage titleKey="pages.auth.title" descriptionKey="pages.auth.description" />;
}
