import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { UpdateSubmitResponse } from '../../../../../shared/parent-form';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { currentLocale } from '../../../i18n/i18n';
import {
  AddressSection,
  CommitteesSection,
  InterestsSection,
  ParticipationSection,
  PersonalSection,
} from '../components/form-sections';
import { useUpdateForm } from '../hooks/use-update-form';

/** State handed to /update-success: never the email, never in the URL. */
export interface UpdateSuccessState {
  hasAccount: boolean | null;
}

/** `/update/{token}`: the emailed link, no sign-in (spec §2 "Parent update form", §8). */
export function UpdatePage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const { apiBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const lang = currentLocale(i18n);
  const onSubmitted = useCallback(
    (result: UpdateSubmitResponse) => {
      const state: UpdateSuccessState = { hasAccount: result.hasAccount };
      // Replace: the back button should not lead to a form that was already sent.
      void navigate('/update-success', { state, replace: true });
    },
    [navigate],
  );
  const { load, values, errors, problem, submitting, change, submit, dismissProblem } = useUpdateForm(
    apiBaseUrl,
    token,
    onSubmitted,
  );

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
  const { form } = load;
  const sectionProps = { values, errors, lang, onChange: change };
  return (
    <PageFrame title={t('pages.update.title')} description={t('updateForm.intro', { school: form.school.name })}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Form
          errorText={problem && problem !== 'conflict' ? t(`updateForm.messages.${problem}`) : undefined}
          actions={
            <Button variant="primary" formAction="submit" loading={submitting}>
              {t('updateForm.submit')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            {form.campaign && (
              <Box variant="p">
                {form.campaign.deadline
                  ? t('updateForm.campaignWithDeadline', { year: form.campaign.schoolYear, deadline: form.campaign.deadline })
                  : t('updateForm.campaign', { year: form.campaign.schoolYear })}
              </Box>
            )}
            {problem === 'conflict' && (
              <Alert type="warning" dismissible onDismiss={dismissProblem}>
                {t('updateForm.messages.conflict')}
              </Alert>
            )}
            <Box variant="small">{t('updateForm.requiredLegend')}</Box>
            <PersonalSection {...sectionProps} email={form.parent.email} />
            <ParticipationSection {...sectionProps} />
            {values.participation === 'nameOnly' ? (
              <Alert type="info">{t('updateForm.optOutNotice')}</Alert>
            ) : (
              <>
                <AddressSection {...sectionProps} />
                <CommitteesSection committees={form.committees} lang={lang} />
                <InterestsSection {...sectionProps} />
              </>
            )}
          </SpaceBetween>
        </Form>
      </form>
    </PageFrame>
  );
}
