import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function AdminDashboardPage() {
  return <PlaceholderPage titleKey="pages.admin.title" descriptionKey="pages.admin.description" />;
}
