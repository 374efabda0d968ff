import { useTranslation } from 'react-i18next';
import { ofSchool } from '@shared/format/french';
import type { StaffSubmitResponse } from '@shared/rules/staff-form';
import { PageFrame } from '../../../components/page/page-frame';
import type { Locale } from '../../../i18n/locale';
import { useLanguage } from '../../../lib/use-language';
import { StaffUpdateForm } from '../components/staff-update-form';
import { useStaffForm } from '../hooks/use-staff-form';
import { useUpdateLink, type UpdateSuccessState } from '../hooks/use-update-link';
import { LinkPageStatus } from '../components/link-page-status';
import { AnsweredNotice } from '../components/answered-notice';
import SpaceBetween from '@cloudscape-design/components/space-between';

const toSuccess = (result: StaffSubmitResponse): UpdateSuccessState => ({
  hasAccount: result.hasAccount,
  staff: true,
  ...(result.unchanged ? { unchanged: true } : {}),
});

/** `/update/{token}?form=staff`: a staff member's emailed link (docs/annual-update.md, "Staff"). */
export function StaffUpdatePage({ lang: addressLang }: { lang?: Locale }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { token, apiBaseUrl, onSubmitted } = useUpdateLink(toSuccess, addressLang);
  const state = useStaffForm(apiBaseUrl, token, onSubmitted);
  const { load } = state;
  if (load.kind !== 'ready') {
    return <LinkPageStatus title={t('staffUpdate.page.title')} staff {...(load.kind === 'failed' ? { problem: load.problem, error: load.error } : {})} />;
  }
  return (
    <PageFrame title={t('staffUpdate.page.title')} description={t('staffUpdate.page.intro', { ofSchool: ofSchool(load.form.school.name, lang) })}>
      <SpaceBetween size="l">
        <AnsweredNotice submittedAt={load.form.submittedAt} />
        <StaffUpdateForm form={load.form} state={state} />
      </SpaceBetween>
    </PageFrame>
  );
}
