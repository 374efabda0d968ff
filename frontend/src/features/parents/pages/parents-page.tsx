import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function ParentsPage() {
  return <PlaceholderPage titleKey="pages.parents.title" descriptionKey="pages.parents.description" />;
}
