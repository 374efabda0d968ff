import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import type { StaffSubmitResponse } from '../../../../../shared/staff-form';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { StaffUpdateForm } from '../components/staff-update-form';
import { useStaffForm } from '../hooks/use-staff-form';
import { useLinkLanguage } from '../hooks/use-link-language';

/** State handed to /update-success, as the parent form's (never the email). */
interface UpdateSuccessState {
  hasAccount: boolean | null;
}

/** `/update/{token}?form=staff`: a staff member's emailed link (docs/annual-update.md, "Staff"). */
export function StaffUpdatePage() {
  const { t } = useTranslation();
  useLinkLanguage();
  const { token = '' } = useParams();
  const { apiBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const onSubmitted = useCallback(
    (result: StaffSubmitResponse) => {
      const state: UpdateSuccessState = { hasAccount: result.hasAccount };
      void navigate('/update-success', { state, replace: true });
    },
    [navigate],
  );
  const state = useStaffForm(apiBaseUrl, token, onSubmitted);
  const { load } = state;
  if (load.kind === 'loading') {
    return (
      <PageFrame title={t('staffUpdate.page.title')}>
        <Box textAlign="center" padding="l">
          <Spinner size="large" /> {t('common.loading')}
        </Box>
      </PageFrame>
    );
  }
  if (load.kind === 'failed') {
    return (
      <PageFrame title={t('staffUpdate.page.title')}>
        <Alert type="error">{t(`updateForm.messages.${load.problem}`)}</Alert>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('staffUpdate.page.title')} description={t('staffUpdate.page.intro', { school: load.form.school.name })}>
      <StaffUpdateForm form={load.form} state={state} />
    </PageFrame>
  );
}
