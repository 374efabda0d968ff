import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import type { CampaignView, ParticipantView, SendJobProgress } from '@shared/contracts/annual-update-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ApiError } from '../../../lib/api/api-client';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDate } from '../../../lib/date-time';
import type { StartChoices, StartStep } from '../components/start-campaign-modal';
import { useSendJob } from './use-send-job';

/** An error code as a translated sentence (`errors.<code>`), with a generic fallback. */
function errorText(t: (key: string) => string, error: unknown): string {
  return error instanceof ApiError && error.code ? t(`errors.${error.code}`) : t('annualUpdateAdmin.messages.failed');
}

/**
 * The page's data: the campaign and its participants (loaded once per visit, then refreshed after each change),
 * the send job (a job left running in a closed tab is resumed), and the flash message that reports each outcome.
 */
export function useAnnualUpdate() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const [campaign, setCampaign] = useState<CampaignView | null>(null);
  const [participants, setParticipants] = useState<ParticipantView[]>([]);
  const [loading, setLoading] = useState(true);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);

  const say = useCallback((type: 'success' | 'error', content: string) => {
    const id = `${Date.now()}`;
    setFlash([{ id, type, content, dismissible: true, onDismiss: () => setFlash((all) => all.filter((m) => m.id !== id)) }]);
  }, []);

  const refresh = useCallback(async (campaignId?: string) => {
    const id = campaignId ?? campaign?.id;
    if (!id) return;
    const data = await annualUpdateApi.participants(apiBaseUrl, id);
    setCampaign(data.campaign);
    setParticipants(data.participants);
  }, [apiBaseUrl, campaign?.id]);

  const onJobFinished = useCallback((job: SendJobProgress | null, error?: unknown) => {
    if (job) say('success', t('annualUpdateAdmin.messages.sent', { sent: job.sent, failed: job.failed, skipped: job.skipped }));
    else say('error', errorText(t, error));
    void refresh().catch(() => undefined);
  }, [refresh, say, t]);
  const sender = useSendJob(apiBaseUrl, onJobFinished);

  // First load: the campaign, its participants, and a send job left running (closed tab) is resumed.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const current = await annualUpdateApi.current(apiBaseUrl);
        if (cancelled) return;
        setCampaign(current.campaign);
        if (current.campaign) {
          const data = await annualUpdateApi.participants(apiBaseUrl, current.campaign.id);
          if (cancelled) return;
          setParticipants(data.participants);
        }
        if (current.activeJob && !current.activeJob.done) void sender.resume(current.activeJob);
      } catch (error) {
        if (!cancelled) say('error', errorText(t, error));
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per visit: later refreshes go through `refresh`.
  }, [apiBaseUrl]);

  return { campaign, setCampaign, participants, loading, flash, say, refresh, sender };
}

/**
 * Starting, closing and reopening the campaign from their dialogs. After either, the dialog's opener is gone: focus goes to
 * the message saying what happened (docs/frontend.md, "Focus after a dialog or a form").
 */
export function useCampaignActions(data: ReturnType<typeof useAnnualUpdate>) {
  const { t, i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const { campaign, setCampaign, say, refresh } = data;
  const [modal, setModal] = useState<'start' | 'close' | 'reminders' | 'reopen' | null>(null);
  const [busy, setBusy] = useState(false);
  const [startStep, setStartStep] = useState<StartStep | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [noticeFocus, setNoticeFocus] = useState(0);
  useEffect(() => {
    if (noticeFocus > 0) noticeRef.current?.focus();
  }, [noticeFocus]);

  // Two steps the dialog shows (docs/annual-update.md, "Long actions"): the server's start, then the participants'
  // list, so the dialog closes onto a page that lists them.
  const start = async (choices: StartChoices) => {
    setBusy(true);
    setStartStep('create');
    try {
      const result = await annualUpdateApi.start(apiBaseUrl, { ...choices, confirmation: 'confirm' });
      setStartStep('load');
      const listed = await refresh(result.campaign.id).then(() => true, () => false);
      if (!listed) setCampaign(result.campaign);
      setModal(null);
      say(listed ? 'success' : 'error', t(listed ? 'annualUpdateAdmin.messages.started' : 'annualUpdateAdmin.start.listFailed', { year: result.campaign.schoolYear }));
      setNoticeFocus((n) => n + 1);
    } catch (error) {
      say('error', errorText(t, error));
    } finally {
      setBusy(false);
      setStartStep(null);
    }
  };

  const close = async () => {
    if (!campaign) return;
    setBusy(true);
    try {
      setCampaign(await annualUpdateApi.close(apiBaseUrl, campaign.id));
      setModal(null);
      say('success', t('annualUpdateAdmin.messages.closed'));
      setNoticeFocus((n) => n + 1);
    } catch (error) {
      say('error', errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const reopen = async (deadline: string) => {
    if (!campaign) return;
    setBusy(true);
    try {
      const reopened = await annualUpdateApi.reopen(apiBaseUrl, campaign.id, { deadline });
      setCampaign(reopened);
      setModal(null);
      say('success', t('annualUpdateAdmin.messages.reopened', { year: reopened.schoolYear, date: formatLongDate(deadline, currentLocale(i18n)) }));
      setNoticeFocus((n) => n + 1);
      await refresh(reopened.id);
    } catch (error) {
      say('error', errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const saveReminders = async (reminderDays: number[]) => {
    if (!campaign) return;
    setBusy(true);
    try {
      setCampaign(await annualUpdateApi.reminders(apiBaseUrl, campaign.id, { reminderDays }));
      setModal(null);
      say('success', t('annualUpdateAdmin.messages.remindersSaved'));
      setNoticeFocus((n) => n + 1);
    } catch (error) {
      say('error', errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return { modal, setModal, busy, startStep, noticeRef, start, close, reopen, saveReminders };
}
