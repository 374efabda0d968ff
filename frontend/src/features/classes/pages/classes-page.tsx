import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function ClassesPage() {
  return <PlaceholderPage titleKey="pages.classes.title" descriptionKey="pages.classes.description" />;
}
