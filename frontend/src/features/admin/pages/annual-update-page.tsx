import { PlaceholderPage } from '../../../components/page/placeholder-page';

export function AnnualUpdatePage() {
  return <PlaceholderPage titleKey="pages.annualUpdate.title" descriptionKey="pages.annualUpdate.description" />;
}
