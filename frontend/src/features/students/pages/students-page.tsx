import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function StudentsPage() {
  return <PlaceholderPage titleKey="pages.students.title" descriptionKey="pages.students.description" />;
}
