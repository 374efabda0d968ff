import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import type { MeParentProfile } from '@shared/contracts/auth-api';

/** The actions of My Profile's header: "Update my information" opens the update form for this parent. */
export function ProfileActions({ profile, onEdit }: { profile: MeParentProfile; onEdit?: (parentId: string) => void }) {
  const { t } = useTranslation();
  if (!onEdit) return null;
  return (
    <Button iconName="edit" onClick={() => onEdit(profile.id)}>
      {t('profileEdit.open')}
    </Button>
  );
}
