import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { UpdateSubmitResponse } from '@shared/rules/parent-form';
import { LeaveModal } from '../../../components/page/leave-modal';
import { PageFrame } from '../../../components/page/page-frame';
import type { Locale } from '../../../i18n/locale';
import { ParentUpdateForm } from '../../../components/parent-form/parent-update-form';
import { PrivacyRequestForm } from '../../../components/privacy/privacy-request-form';
import { privacyRequestsApi, type NewPrivacyRequest } from '../../../lib/api/privacy-requests-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useUpdateForm } from '../hooks/use-update-form';
import { StaffUpdatePage } from './staff-update-page';
import { UPDATE_SUCCESS_PATH, useUpdateLink, type UpdateSuccessState } from '../hooks/use-update-link';
import { LinkPageStatus } from '../components/link-page-status';
import { AnsweredNotice } from '../components/answered-notice';

/**
 * `/update/{token}`: the emailed link, no sign-in (docs/product-rules.md, "Annual update campaign"). A staff
 * member's link carries `form=staff` and opens the staff form (docs/annual-update.md, "Staff"). `lang`: the
 * address's language (`/mise-a-jour/{token}`, French, as `/mise-a-jour/code`), when the link has no `?lang=`.
 */
export function UpdatePage({ lang }: { lang?: Locale }) {
  const [params] = useSearchParams();
  const address = lang ? { lang } : {};
  return params.get('form') === 'staff' ? <StaffUpdatePage {...address} /> : <ParentUpdatePage {...address} />;
}

/** `/mise-a-jour/{token}`: the same page, in French (a French link typed or kept from an older letter). */
export const FrenchUpdatePage = () => <UpdatePage lang="fr" />;

const toSuccess = (result: UpdateSubmitResponse): UpdateSuccessState => ({
  hasAccount: result.hasAccount,
  ...(result.form.pendingReview ? { pendingReview: true } : {}),
  ...(result.form.parent.email ? {} : { noEmail: true }),
  ...(result.unchanged ? { unchanged: true } : {}),
});

function ParentUpdatePage({ lang }: { lang?: Locale }) {
  const { t } = useTranslation();
  const { token, apiBaseUrl, onSubmitted } = useUpdateLink(toSuccess, lang);
  const formState = useUpdateForm(token, onSubmitted);
  const filePrivacyRequest = useCallback(
    (request: NewPrivacyRequest) => privacyRequestsApi.fileByLink(apiBaseUrl, token, request),
    [apiBaseUrl, token],
  );
  const { load, values } = formState;
  // A reload, a closed tab or the header's « Se connecter » would lose the answers typed (the link opens the saved
  // record again): the page asks first. The way to the success page, once the answers are saved, is never held.
  const blocker = useUnsavedChanges(formState.dirty, UPDATE_SUCCESS_PATH);

  if (load.kind === 'loading' || load.kind === 'failed' || !values) {
    const problem = load.kind === 'loading' ? undefined : load.kind === 'failed' ? load.problem : 'loadFailed';
    const error = load.kind === 'failed' ? load.error : undefined;
    return <LinkPageStatus title={t('pages.update.title')} {...(problem ? { problem, error } : {})} />;
  }
  return (
    <PageFrame title={t('pages.update.title')} description={t('updateForm.intro', { school: load.form.school.name })}>
      <SpaceBetween size="xxl">
        <AnsweredNotice submittedAt={load.form.submittedAt} />
        <ParentUpdateForm form={load.form} state={formState} />
        {/* Outside the parent form: a form of its own, filed with the same link (docs/privacy.md). */}
        <PrivacyRequestForm submit={filePrivacyRequest} />
      </SpaceBetween>
      <LeaveModal blocker={blocker} body={t('updateForm.leaveBody')} />
    </PageFrame>
  );
}
