import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function UpdatePage() {
  return <PlaceholderPage titleKey="pages.update.title" descriptionKey="pages.update.description" />;
}
