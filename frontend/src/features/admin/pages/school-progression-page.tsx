import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function SchoolProgressionPage() {
  return <PlaceholderPage titleKey="pages.schoolProgression.title" descriptionKey="pages.schoolProgression.description" />;
}
