import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ProfileUpdateResponse } from '@shared/rules/parent-form';
import { LeaveModal, LeaveQuestion } from '../../../components/page/leave-modal';
import { ParentUpdateForm } from '../../../components/parent-form/parent-update-form';
import { useParentForm } from '../../../lib/parent-form/use-parent-form';
import { useProfileForm, useProfileParents, useSaveProfile } from '../api/profile-queries';
import { ApiError } from '../../../lib/api/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';

/**
 * "Update my information" on My Profile: the update link's form, prefilled, signed in (GET /api/profile/form,
 * PUT /api/profile). A family email can hold two parent records: a selector switches between them.
 */
/**
 * The form just opened takes the focus on its first field: the « Modifier » button that opened it is gone, and the
 * focus fell to the page (a trial's screen reader said nothing, and Tab started from the top).
 */
function FirstFieldFocus({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea')?.focus();
  }, []);
  return <div ref={ref}>{children}</div>;
}

export function ProfileEditor({ initialParentId, onSaved, onCancel, notFound }: {
  initialParentId: string;
  onSaved: (result: ProfileUpdateResponse) => void;
  onCancel: () => void;
  /** What to show when the server has no parent record for this account ('Profile Not Found'). */
  notFound: ReactNode;
}) {
  const { t } = useTranslation();
  const [parentId, setParentId] = useState(initialParentId);
  const query = useProfileForm(parentId);
  const choices = useProfileParents(parentId).data ?? [];
  const { mutateAsync: save } = useSaveProfile();
  // Closing the form once saved, or once the person chose to lose their changes: the form's step in the history is
  // left (profile-page.tsx) only after the render that stops holding navigations, so it is not asked about again.
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  const state = useParentForm<ProfileUpdateResponse>(
    { query, save: (input) => save({ parentId, input }) },
    (result) => setLeaving(() => () => onSaved(result)),
  );
  const { load } = state;
  // Leaving the page with changes not saved asks first, the browser's Back included (the tab's close or reload:
  // the browser's own question).
  const blocker = useUnsavedChanges(state.dirty && !leaving);
  // After the blocker's own effect (declared above), which lets the navigation through.
  useEffect(() => leaving?.(), [leaving]);
  // Cancel with changes typed asks the same question as leaving the page.
  const [asking, setAsking] = useState(false);
  const cancel = (
    <Button variant="link" formAction="none" onClick={() => (state.dirty ? setAsking(true) : onCancel())}>
      {t('profileEdit.cancel')}
    </Button>
  );

  if (load.kind === 'loading') {
    return (
      <Box padding={{ vertical: 'l' }} textAlign="center">
        <StatusIndicator type="loading">{t('directory.profile.loading')}</StatusIndicator>
      </Box>
    );
  }
  if (load.kind === 'failed') {
    if (load.error instanceof ApiError && load.error.code === 'NOT_FOUND') return <>{notFound}</>;
    return (
      <Alert
        type="error"
        action={
          <SpaceBetween direction="horizontal" size="xs">
            {cancel}
            <Button onClick={() => void state.reload()}>{t('directory.retry')}</Button>
          </SpaceBetween>
        }
      >
        {t('updateForm.messages.loadFailed')}
      </Alert>
    );
  }
  const options = choices.map((choice) => ({ value: choice.parentId, label: choice.displayName }));
  const selector =
    choices.length > 1 ? (
      <Container>
        <FormField label={t('profileEdit.whichParent')} description={t('profileEdit.whichParentHint')}>
          <Select
            selectedOption={options.find((option) => option.value === parentId) ?? null}
            options={options}
            onChange={({ detail }) => detail.selectedOption.value && setParentId(detail.selectedOption.value)}
          />
        </FormField>
      </Container>
    ) : undefined;
  return (
    <>
      <FirstFieldFocus>
        <ParentUpdateForm form={load.form} state={state} top={selector} secondaryActions={cancel} />
      </FirstFieldFocus>
      <LeaveModal blocker={blocker} body={t('profileEdit.leaveBody')} />
      <LeaveQuestion visible={asking} body={t('profileEdit.leaveBody')} onStay={() => setAsking(false)} onLeave={() => setLeaving(() => onCancel)} />
    </>
  );
}
