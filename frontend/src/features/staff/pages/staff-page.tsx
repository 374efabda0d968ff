import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function StaffPage() {
  return <PlaceholderPage titleKey="pages.staff.title" descriptionKey="pages.staff.description" />;
}
