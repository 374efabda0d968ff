import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ParentForm } from '@shared/rules/parent-form';
import { currentLocale } from '../../i18n/i18n';
import { formatLongDate } from '../../lib/date-time';
import type { ParentFormState } from '../../lib/parent-form/use-parent-form';
import { AddressSection, CommitteesSection, InterestsSection, ParticipationSection, PersonalSection } from './form-sections';
import { MessageConsentChoices, MessageConsentsContainer } from '../messages/message-consents';
import { PrivacyShortNotice } from '../privacy/privacy-short-notice';
import { CardPreview } from '../privacy/card-preview';
import { previewDetails } from '../../lib/parent-form/form-values';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { FocusOnMount } from '../page/focus-on-mount';

/**
 * A save refused because the data changed meanwhile: its notice is at the top of a long form, screens above the
 * button (a trial pressed Valider and saw nothing happen), so the focus, and with it the screen, goes to it.
 */
function ChangedMeanwhile({ problem, onDismiss }: { problem: 'conflict' | 'committeeClosed'; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <FocusOnMount testId="changed-meanwhile">
      <Alert type="warning" dismissible onDismiss={onDismiss}>
        {t(`updateForm.messages.${problem}`)}
      </Alert>
    </FocusOnMount>
  );
}

/**
 * The parent information form (docs/product-rules.md), shared by the emailed link and My Profile: the
 * same sections, the same validation and the same 'Validate' button. `top` goes above the sections (a parent
 * selector on My Profile); `secondaryActions` beside the button (Cancel on My Profile).
 */
export function ParentUpdateForm({ form, state, top, secondaryActions }: {
  form: ParentForm;
  state: ParentFormState;
  top?: ReactNode;
  secondaryActions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const { values, errors, problem, submitting, change, submit, dismissProblem } = state;
  const invalidFocus = useFocusFirstInvalid<HTMLFormElement>();
  if (!values) return null;
  const sectionProps = { values, errors, lang, onChange: change };
  return (
    <form
      ref={invalidFocus.ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit().then(invalidFocus.afterSubmit);
      }}
    >
      <Form
        errorText={problem && problem !== 'conflict' && problem !== 'committeeClosed' ? t(`updateForm.messages.${problem}`) : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {secondaryActions}
            <Button variant="primary" formAction="submit" loading={submitting}>
              {t('updateForm.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {top}
          {form.campaign && (
            <Box variant="p">
              {form.campaign.deadline
                ? t('updateForm.campaignWithDeadline', { year: form.campaign.schoolYear, deadline: formatLongDate(form.campaign.deadline, lang) })
                : t('updateForm.campaign', { year: form.campaign.schoolYear })}
            </Box>
          )}
          {(problem === 'conflict' || problem === 'committeeClosed') && <ChangedMeanwhile problem={problem} onDismiss={dismissProblem} />}
          {form.pendingReview && (
            <Alert type="info" header={t('updateForm.review.title')}>
              {t('updateForm.review.body', {
                fields: form.pendingReview.fields
                  .map((f) => t(f === 'address' ? 'updateForm.sections.address' : `updateForm.fields.${f}`))
                  .join(', '),
              })}
            </Alert>
          )}
          <Box variant="small">{t('updateForm.requiredLegend')}</Box>
          <PrivacyShortNotice />
          <PersonalSection {...sectionProps} email={form.parent.email} />
          <ParticipationSection {...sectionProps} />
          <CardPreview parent={previewDetails(values, form.parent)} lang={lang} />
          {values.participation === 'nameOnly' ? (
            <Alert type="info">{t('updateForm.optOutNotice')}</Alert>
          ) : (
            <>
              <AddressSection {...sectionProps} coParents={form.coParents} />
              <CommitteesSection {...sectionProps} form={form} />
              <InterestsSection {...sectionProps} />
            </>
          )}
          {/* The emails accepted, as on My Profile (docs/messages.md, "Consents"): whatever the participation. */}
          {values.messages && (
            <MessageConsentsContainer>
              <MessageConsentChoices value={values.messages} onChange={(messages) => change({ messages })} />
            </MessageConsentsContainer>
          )}
        </SpaceBetween>
      </Form>
    </form>
  );
}
