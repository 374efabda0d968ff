import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import type { SendJobProgress } from '@shared/contracts/annual-update-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ApiError } from '../../../lib/api/api-client';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDate } from '../../../lib/date-time';
import {
  useCampaignParticipants,
  useCloseCampaign,
  useCurrentCampaign,
  useFetchParticipants,
  useReopenCampaign,
  useSaveReminders,
  useStartCampaign,
} from '../api/annual-update-queries';
import type { ScheduleChoice } from '../components/reminders';
import type { StartChoices, StartStep } from '../components/start-campaign-modal';
import { useSendJob } from './use-send-job';

/** An error code as a translated sentence (`errors.<code>`), with a generic fallback. */
function errorText(t: (key: string) => string, error: unknown): string {
  // A page left open while the campaign was closed elsewhere: say so, not « changed in the meantime » (a trial's).
  if (error instanceof ApiError && error.fields.some((f) => f.issue === 'not_active')) return t('annualUpdateAdmin.messages.notActive');
  return error instanceof ApiError && error.code ? t(`errors.${error.code}`) : t('annualUpdateAdmin.messages.failed');
}

/**
 * The page's data (api/annual-update-queries.ts): the current campaign (the dashboard card's query) and its
 * participants, asked again by each write that changes them; the send job (a job left running in a closed tab is
 * resumed once, from the first answer of this visit); and the flash message that reports each outcome.
 */
export function useAnnualUpdate() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const current = useCurrentCampaign();
  const campaign = current.data?.campaign ?? null;
  const participantsQuery = useCampaignParticipants(campaign?.id);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);

  const say = useCallback((type: 'success' | 'error', content: string) => {
    const id = `${Date.now()}`;
    setFlash([{ id, type, content, dismissible: true, onDismiss: () => setFlash((all) => all.filter((m) => m.id !== id)) }]);
  }, []);

  const onJobFinished = useCallback((job: SendJobProgress | null, error?: unknown) => {
    if (job) say('success', t('annualUpdateAdmin.messages.sent', { sent: job.sent, failed: job.failed, skipped: job.skipped }));
    else say('error', errorText(t, error));
  }, [say, t]);
  const sender = useSendJob(apiBaseUrl, onJobFinished);

  // A send job left running (closed tab) is resumed, from this visit's own answer (not a copy kept in the cache).
  const resumeChecked = useRef(false);
  const { data, isFetching } = current;
  useEffect(() => {
    if (resumeChecked.current || !data || isFetching) return;
    resumeChecked.current = true;
    if (data.activeJob && !data.activeJob.done) void sender.resume(data.activeJob);
  }, [data, isFetching, sender]);

  return { current, campaign, participantsQuery, participants: participantsQuery.data?.participants ?? [], flash, say, sender };
}

/**
 * Starting, closing and reopening the campaign from their dialogs, each a mutation that names what it makes stale.
 * After either, the dialog's opener is gone: focus goes to the message saying what happened (docs/frontend.md,
 * "Focus after a dialog or a form").
 */
export function useCampaignActions(data: ReturnType<typeof useAnnualUpdate>) {
  const { t, i18n } = useTranslation();
  const { campaign, say } = data;
  const [modal, openModal] = useState<'start' | 'close' | 'reminders' | 'reopen' | null>(null);
  const [busy, setBusy] = useState(false);
  // A failed action is said in its dialog, which stays open with what was typed (on the page, the dialog hid it).
  // A failure belongs to one opening of one dialog: opening or closing a dialog starts a new opening, and an answer
  // that arrives after its dialog was closed (or closed and opened again) is not said in the next one.
  const [failure, setFailure] = useState<string>();
  const opening = useRef(0);
  const setModal = (next: typeof modal) => {
    opening.current += 1;
    setFailure(undefined);
    openModal(next);
  };
  const [startStep, setStartStep] = useState<StartStep | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [noticeFocus, setNoticeFocus] = useState(0);
  useEffect(() => {
    if (noticeFocus > 0) noticeRef.current?.focus();
  }, [noticeFocus]);
  const startCampaign = useStartCampaign();
  const fetchParticipants = useFetchParticipants();
  const closeCampaign = useCloseCampaign();
  const reopenCampaign = useReopenCampaign();
  const saveReminderDays = useSaveReminders();

  /** Runs one action with the dialogs busy; its success closes the dialog and focuses the message. */
  const act = async (action: () => Promise<{ type: 'success' | 'error'; text: string }>) => {
    setBusy(true);
    setFailure(undefined);
    const mine = opening.current;
    try {
      const { type, text } = await action();
      if (opening.current === mine) setModal(null);
      say(type, text);
      setNoticeFocus((n) => n + 1);
    } catch (error) {
      if (opening.current === mine) setFailure(errorText(t, error));
    } finally {
      setBusy(false);
      setStartStep(null);
    }
  };

  // Two steps the dialog shows (docs/annual-update.md, "Long actions"): the server's start, then the participants'
  // list, so the dialog closes onto a page that lists them.
  const start = (choices: StartChoices) =>
    act(async () => {
      setStartStep('create');
      const result = await startCampaign.mutateAsync({ ...choices, confirmation: 'confirm' });
      setStartStep('load');
      const listed = await fetchParticipants(result.campaign.id).then(() => true, () => false);
      const year = result.campaign.schoolYear;
      return listed
        ? { type: 'success', text: t('annualUpdateAdmin.messages.started', { year }) }
        : { type: 'error', text: t('annualUpdateAdmin.start.listFailed', { year }) };
    });

  const close = () =>
    campaign &&
    act(async () => {
      await closeCampaign.mutateAsync(campaign.id);
      return { type: 'success', text: t('annualUpdateAdmin.messages.closed') };
    });

  const reopen = (deadline: string) =>
    campaign &&
    act(async () => {
      const reopened = await reopenCampaign.mutateAsync({ campaignId: campaign.id, request: { deadline } });
      const date = formatLongDate(deadline, currentLocale(i18n));
      return { type: 'success', text: t('annualUpdateAdmin.messages.reopened', { year: reopened.schoolYear, date }) };
    });

  const saveReminders = (choice: ScheduleChoice) =>
    campaign &&
    act(async () => {
      await saveReminderDays.mutateAsync({ campaignId: campaign.id, request: choice });
      if (!choice.deadline) return { type: 'success', text: t('annualUpdateAdmin.messages.remindersSaved') };
      return { type: 'success', text: t('annualUpdateAdmin.messages.deadlineMoved', { date: formatLongDate(choice.deadline, currentLocale(i18n)) }) };
    });

  return { modal, setModal, busy, failure, startStep, noticeRef, start, close, reopen, saveReminders };
}
