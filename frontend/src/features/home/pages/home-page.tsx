import { useTranslation } from 'react-i18next';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PlaceholderPage } from '../../../components/page/placeholder-page';
import { RouterLink } from '../../../components/router-link/router-link';

const SECTIONS = ['classes', 'students', 'parents', 'staff', 'committees'] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage titleKey="pages.home.title" descriptionKey="pages.home.description">
      <SpaceBetween direction="horizontal" size="l">
        {SECTIONS.map((section) => (
          <RouterLink key={section} href={`/${section}`}>
            {t(`nav.${section}`)}
          </RouterLink>
        ))}
      </SpaceBetween>
    </PlaceholderPage>
  );
}
