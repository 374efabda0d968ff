import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function CommitteesPage() {
  return <PlaceholderPage titleKey="pages.committees.title" descriptionKey="pages.committees.description" />;
}
