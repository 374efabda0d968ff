import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function ProfilePage() {
  return <PlaceholderPage titleKey="pages.profile.title" descriptionKey="pages.profile.description" />;
}
