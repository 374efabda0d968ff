import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { LeavePageQuestion } from '../../../components/page/leave-modal';

export interface EditProblem {
  message: string;
  /** Someone else saved the record first (409): offer to reload it instead of showing a plain error. */
  conflict: boolean;
}

/**
 * The message of a form the browser's check refused: « correct the fields marked » when every refused value is on a
 * field shown, and otherwise the values no field shows, named (a refusal with nothing marked is never silent).
 */
export function useInvalidText() {
  const { t } = useTranslation();
  return (unplaced: readonly string[]) =>
    unplaced.length === 0 ? t('adminData.edit.fixErrors') : t('adminData.edit.fixUnshown', { fields: unplaced.join(', ') });
}

/**
 * What every admin edit form shares: a real <form> (Enter submits), the title with the "* required" legend,
 * Cancel and Save, the error text, and a saved-by-someone-else alert with a reload action. A save refused on a field
 * moves the focus to the first field marked (its message may be screens above the button on a phone), as the
 * profile and settings forms do.
 */
export function EditFormFrame({
  title,
  problem,
  saving,
  dirty = false,
  onSave,
  onCancel,
  onReload,
  children,
}: {
  title: ReactNode;
  problem: EditProblem | null;
  saving: boolean;
  /**
   * Something typed since the form opened: leaving the page or reloading the tab asks first (a trial's reload lost a
   * record's edits without a word, where the school settings ask). Cancel, a choice made on purpose, does not.
   */
  dirty?: boolean;
  onSave: () => Promise<unknown>;
  onCancel: () => void;
  onReload: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The button that opened the form is gone: focus moves to its first field, not to the top of the page
  // (docs/frontend.md, "Focus after a dialog or a form").
  // A layout effect: done in the same task as the render, before any later click or key can be handled.
  const invalidFocus = useFocusFirstInvalid<HTMLFormElement>();
  const formRef = invalidFocus.ref;
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea, button:not([disabled])')?.focus();
  }, []);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave().then(invalidFocus.afterSubmit);
      }}
      noValidate
    >
      <Form
        header={
          <Header variant="h2" description={t('updateForm.requiredLegend')}>
            {title}
          </Header>
        }
        errorText={problem && !problem.conflict ? problem.message : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onCancel}>
              {t('adminData.cancel')}
            </Button>
            <Button variant="primary" loading={saving}>
              {t('adminData.edit.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {problem?.conflict && (
            <Alert
              type="warning"
              action={
                <Button formAction="none" onClick={onReload}>
                  {t('adminData.edit.reload')}
                </Button>
              }
            >
              {problem.message}
            </Alert>
          )}
          {children}
        </SpaceBetween>
      </Form>
      {dirty && !saving && <LeavePageQuestion body={t('adminData.edit.leaveBody')} />}
    </form>
  );
}
