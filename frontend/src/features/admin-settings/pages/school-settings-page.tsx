import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SettingsIssue } from '@shared/contracts/school-settings-api';
import { checkSettingsForm } from '@shared/rules/school-settings-form';
import { LeaveModal } from '../../../components/page/leave-modal';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { useErrorText } from '../../../lib/api/use-error-text';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useDirectory } from '../../../lib/directory/use-directory';
import { useLanguage } from '../../../lib/use-language';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSaveSettings, useSchoolSettings } from '../api/school-settings-queries';
import { ContactFields, LevelFields, SchoolFields } from '../components/settings-fields';
import { formOfSettings, issuesOf, levelUses, issuesStill, issueText, sameForm, type SettingsForm } from '../model/settings-form';

/** The form's state: loaded, edited, saved at the version read, with the issues by field (the browser's, the server's). */
function useSettingsForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText('schoolSettings.loadError');
  const settings = useSchoolSettings();
  const saveSettings = useSaveSettings();
  const [saved, setSaved] = useState<SettingsForm | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [issues, setIssues] = useState<SettingsIssue[]>([]);
  const [error, setError] = useState<unknown>(null);
  const saving = saveSettings.isPending;
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const dirty = !!form && !!saved && !sameForm(form, saved);
  const blocker = useUnsavedChanges(dirty);

  // Each answer (the first read, a reload, a save's) is the form's new starting point.
  const response = settings.data;
  useEffect(() => {
    if (!response) return;
    const next = formOfSettings(response.settings, response.stored ? response.settings.version : 0);
    setSaved(next);
    setForm(next);
    setIssues([]);
  }, [response]);
  const load = () => {
    setError(null);
    void settings.refetch();
  };

  const errorOf = useMemo(() => {
    const label = (path: string) => t(`schoolSettings.fields.${path.split('.').at(-1)}`);
    return (path: string) => {
      const sentences = issues.filter((i) => i.path === path).map((i) => issueText(i, label(path), lang) ?? t('schoolSettings.invalid'));
      return sentences.length > 0 ? sentences.join(' ') : undefined;
    };
  }, [issues, lang, t]);

  // A corrected field loses its message at once; the others stay until the next save.
  const edit = (next: SettingsForm) => {
    if (form) {
      const still = issuesStill(issues, form, next);
      setIssues(still);
      if (still.length === 0 && error === 'invalid') setError(null);
    }
    setForm(next);
  };

  const save = async () => {
    if (!form) return;
    setError(null);
    setFlash([]);
    // The server's own check, in the browser first (shared/rules/school-settings-form.ts): nothing is sent until
    // the fields are right, and the typed values stay as they are.
    const found = checkSettingsForm(form);
    if (found.length > 0) {
      setIssues(found);
      setError('invalid');
      return;
    }
    // The answer goes into the cache (useSaveSettings), which resets the form to it (above).
    await saveSettings.mutateAsync(form).then(
      () => {
        setFlash([{ id: 'saved', type: 'success', content: t('schoolSettings.saved'), dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]);
      },
      (e: unknown) => {
        const found = issuesOf(e);
        setIssues(found);
        setError(found.length > 0 ? 'invalid' : e);
      },
    );
  };

  return { t, settings, form, setForm, edit, saved, dirty, blocker, issues, setIssues, error, setError, saving, flash, load, errorOf, errorText, save };
}

/**
 * `/admin/settings` (docs/data-onboarding.md, "School settings"): what `school.csv` holds, on one screen, checked
 * in the browser and again by the server with the import's rules; errors by field in the import's words. The admin
 * check is AdminGate's.
 */
export function SchoolSettingsPage() {
  const { t, settings, form, setForm, edit, saved, dirty, blocker, setIssues, error, setError, saving, flash, load, errorOf, errorText, save } = useSettingsForm();
  // A refusal (the browser's check or the server's) names fields that may be screens above the button: the first
  // one gets the focus.
  const invalidFocus = useFocusFirstInvalid<HTMLFormElement>();
  // The levels classes and students still hold, from the directory the app keeps (read once, shared by its screens).
  const directory = useDirectory().index?.directory;
  const uses = useMemo(() => (directory ? levelUses(directory) : undefined), [directory]);
  return (
    <PageFrame title={t('schoolSettings.title')} description={t('schoolSettings.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {error !== null && (
          <Alert type="error" action={error === 'invalid' ? undefined : <Button onClick={load}>{t('schoolSettings.reload')}</Button>}>
            {error === 'invalid' ? t('schoolSettings.fixErrors') : errorText(error)}
          </Alert>
        )}
        <QueryState query={settings} genericKey="schoolSettings.loadError">
          {() => form && (
          <form ref={invalidFocus.ref} noValidate onSubmit={(event) => (event.preventDefault(), void save().then(invalidFocus.afterSubmit))}>
            <Form
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button formAction="none" disabled={!dirty || saving} onClick={() => (setForm(saved), setIssues([]), setError(null))}>
                    {t('schoolSettings.discard')}
                  </Button>
                  <Button variant="primary" loading={saving} disabled={!dirty}>{t('schoolSettings.save')}</Button>
                </SpaceBetween>
              }
            >
              <SpaceBetween size="l">
                {dirty && <Box color="text-status-warning">{t('schoolSettings.unsaved')}</Box>}
                <SchoolFields form={form} onChange={edit} errorOf={errorOf} />
                <ContactFields form={form} onChange={edit} errorOf={errorOf} />
                <LevelFields form={form} onChange={edit} errorOf={errorOf} {...(uses ? { uses } : {})} />
              </SpaceBetween>
            </Form>
          </form>
          )}
        </QueryState>
      </SpaceBetween>
      <LeaveModal blocker={blocker} body={t('schoolSettings.leave.body')} />
    </PageFrame>
  );
}
