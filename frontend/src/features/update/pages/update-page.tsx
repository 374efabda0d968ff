import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { UpdateSubmitResponse } from '../../../../../shared/parent-form';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ParentUpdateForm } from '../../../components/parent-form/parent-update-form';
import { PrivacyRequestForm } from '../../../components/privacy/privacy-request-form';
import { privacyRequestsApi, type NewPrivacyRequest } from '../../../lib/api/privacy-requests-client';
import { useUpdateForm } from '../hooks/use-update-form';
import { StaffUpdatePage } from './staff-update-page';
import { useLinkLanguage } from '../hooks/use-link-language';

/** State handed to /update-success: never the email, never in the URL. */
export interface UpdateSuccessState {
  hasAccount: boolean | null;
  /** The answer waits for the school's review (docs/annual-update.md): the directory does not show it yet. */
  pendingReview?: boolean;
}

/**
 * `/update/{token}`: the emailed link, no sign-in (docs/product-rules.md, "Annual update campaign"). A staff
 * member's link carries `form=staff` and opens the staff form (docs/annual-update.md, "Staff").
 */
export function UpdatePage() {
  const [params] = useSearchParams();
  return params.get('form') === 'staff' ? <StaffUpdatePage /> : <ParentUpdatePage />;
}

function ParentUpdatePage() {
  const { t } = useTranslation();
  useLinkLanguage();
  const { token = '' } = useParams();
  const { apiBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const onSubmitted = useCallback(
    (result: UpdateSubmitResponse) => {
      const state: UpdateSuccessState = { hasAccount: result.hasAccount, ...(result.form.pendingReview ? { pendingReview: true } : {}) };
      // Replace: the back button should not lead to a form that was already sent.
      void navigate('/update-success', { state, replace: true });
    },
    [navigate],
  );
  const formState = useUpdateForm(apiBaseUrl, token, onSubmitted);
  const filePrivacyRequest = useCallback(
    (request: NewPrivacyRequest) => privacyRequestsApi.fileByLink(apiBaseUrl, token, request),
    [apiBaseUrl, token],
  );
  const { load, values } = formState;

  if (load.kind === 'loading') {
    return (
      <PageFrame title={t('pages.update.title')}>
        <Box textAlign="center" padding="l">
          <Spinner size="large" /> {t('common.loading')}
        </Box>
      </PageFrame>
    );
  }
  if (load.kind === 'failed' || !values) {
    return (
      <PageFrame title={t('pages.update.title')}>
        <Alert type="error">{t(`updateForm.messages.${load.kind === 'failed' ? load.problem : 'loadFailed'}`)}</Alert>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('pages.update.title')} description={t('updateForm.intro', { school: load.form.school.name })}>
      <SpaceBetween size="xxl">
        <ParentUpdateForm form={load.form} state={formState} />
        {/* Outside the parent form: a form of its own, filed with the same link (docs/privacy.md). */}
        <PrivacyRequestForm submit={filePrivacyRequest} />
      </SpaceBetween>
    </PageFrame>
  );
}
