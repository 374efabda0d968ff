import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { SettingsIssue } from '../../../../../shared/school-settings-api';
import { LeaveModal } from '../../../components/page/leave-modal';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useErrorText } from '../../../lib/api/use-error-text';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useLanguage } from '../../../lib/use-language';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { adminSettingsApi } from '../api/admin-settings-client';
import { ContactFields, LevelFields, SchoolFields } from '../components/settings-fields';
import { formOfSettings, issuesOf, issueText, sameForm, type SettingsForm } from '../model/settings-form';

/** The form's state: loaded, edited, saved at the version read, with the server's issues by field. */
function useSettingsForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('schoolSettings.loadError');
  const [saved, setSaved] = useState<SettingsForm | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [issues, setIssues] = useState<SettingsIssue[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const dirty = !!form && !!saved && !sameForm(form, saved);
  const blocker = useUnsavedChanges(dirty);

  const load = useCallback(() => {
    setError(null);
    adminSettingsApi.settings(apiBaseUrl).then((response) => {
      const next = formOfSettings(response.settings, response.stored ? response.settings.version : 0);
      setSaved(next);
      setForm(next);
      setIssues([]);
    }, setError);
  }, [apiBaseUrl]);
  useEffect(load, [load]);

  const errorOf = useMemo(() => {
    const label = (path: string) => t(`schoolSettings.fields.${path.split('.').at(-1)}`);
    return (path: string) => {
      const sentences = issues.filter((i) => i.path === path).map((i) => issueText(i, label(path), lang) ?? t('schoolSettings.invalid'));
      return sentences.length > 0 ? sentences.join(' ') : undefined;
    };
  }, [issues, lang, t]);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    setError(null);
    setFlash([]);
    await adminSettingsApi.saveSettings(apiBaseUrl, form).then(
      (response) => {
        const next = formOfSettings(response.settings, response.settings.version);
        setSaving(false);
        setIssues([]);
        setSaved(next);
        setForm(next);
        setFlash([{ id: 'saved', type: 'success', content: t('schoolSettings.saved'), dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]);
      },
      (e: unknown) => {
        setSaving(false);
        const found = issuesOf(e);
        setIssues(found);
        setError(found.length > 0 ? 'invalid' : e);
      },
    );
  };

  return { t, form, setForm, saved, dirty, blocker, issues, setIssues, error, setError, saving, flash, load, errorOf, errorText, save };
}

/**
 * `/admin/settings` (docs/data-onboarding.md, "School settings"): what `school.csv` holds, on one screen, checked
 * by the server with the import's rules; errors by field in the import's words. The admin check is AdminGate's.
 */
export function SchoolSettingsPage() {
  const { t, form, setForm, saved, dirty, blocker, setIssues, error, setError, saving, flash, load, errorOf, errorText, save } = useSettingsForm();
  // The server's refusal names fields that may be screens above the button: the first one gets the focus.
  const invalidFocus = useFocusFirstInvalid<HTMLFormElement>();
  return (
    <PageFrame title={t('schoolSettings.title')} description={t('schoolSettings.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {error !== null && (
          <Alert type="error" action={error === 'invalid' ? undefined : <Button onClick={load}>{t('schoolSettings.reload')}</Button>}>
            {error === 'invalid' ? t('schoolSettings.fixErrors') : errorText(error)}
          </Alert>
        )}
        {!form ? (
          error === null && <Box textAlign="center"><Spinner size="large" /></Box>
        ) : (
          <form ref={invalidFocus.ref} onSubmit={(event) => (event.preventDefault(), void save().then(invalidFocus.afterSubmit))}>
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
                <SchoolFields form={form} onChange={setForm} errorOf={errorOf} />
                <ContactFields form={form} onChange={setForm} errorOf={errorOf} />
                <LevelFields form={form} onChange={setForm} errorOf={errorOf} />
              </SpaceBetween>
            </Form>
          </form>
        )}
      </SpaceBetween>
      <LeaveModal blocker={blocker} body={t('schoolSettings.leave.body')} />
    </PageFrame>
  );
}
