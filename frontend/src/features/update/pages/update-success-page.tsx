import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/page/placeholder-page';
import { RouterLink } from '../../../components/router-link/router-link';

export function UpdateSuccessPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage titleKey="pages.updateSuccess.title" descriptionKey="pages.updateSuccess.description">
      <RouterLink href="/">{t('common.backHome')}</RouterLink>
    </PlaceholderPage>
  );
}
