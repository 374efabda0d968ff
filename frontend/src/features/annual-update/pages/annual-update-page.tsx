import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView, ParticipantView, SendJobProgress, SendRequest } from '../../../../../shared/annual-update-api';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';
import { CampaignCard } from '../components/campaign-card';
import { ParticipantsTable } from '../components/participants-table';
import { StartCampaignModal } from '../components/start-campaign-modal';
import { useSendJob } from '../hooks/use-send-job';
import { ApiError } from '../../../lib/api/api-client';

/** An error code as a translated sentence (`errors.<code>`), with a generic fallback. */
function errorText(t: (key: string) => string, error: unknown): string {
  return error instanceof ApiError && error.code ? t(`errors.${error.code}`) : t('annualUpdateAdmin.messages.failed');
}

/** `/admin/annual-update` (spec §2): the campaign, its participants and the sending. The admin check is AdminGate's. */
export function AnnualUpdatePage() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const [campaign, setCampaign] = useState<CampaignView | null>(null);
  const [participants, setParticipants] = useState<ParticipantView[]>([]);
  const [loading, setLoading] = useState(true);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const [modal, setModal] = useState<'start' | 'close' | null>(null);
  const [busy, setBusy] = useState(false);
  // After a start or a close the dialog's opener is gone: focus goes to the message saying what happened (issue 8).
  const noticeRef = useRef<HTMLDivElement>(null);
  const [noticeFocus, setNoticeFocus] = useState(0);
  useEffect(() => {
    if (noticeFocus > 0) noticeRef.current?.focus();
  }, [noticeFocus]);

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

  const start = async (schoolYear: string) => {
    setBusy(true);
    try {
      const result = await annualUpdateApi.start(apiBaseUrl, { schoolYear, confirmation: 'confirm' });
      setModal(null);
      say('success', t('annualUpdateAdmin.messages.started', { year: result.campaign.schoolYear }));
      setNoticeFocus((n) => n + 1);
      await refresh(result.campaign.id);
    } catch (error) {
      say('error', errorText(t, error));
    } finally {
      setBusy(false);
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

  const send = (request: SendRequest) => campaign && void sender.start(campaign.id, request);
  // A pending campaign is a start that was interrupted: starting again with the same year finishes it.
  const canStart = !campaign || campaign.status !== 'active';
  const canClose = campaign !== null && campaign.status !== 'completed';
  const job = sender.job;
  return (
    <PageFrame title={t('pages.annualUpdate.title')} description={t('pages.annualUpdate.description')}>
      <SpaceBetween size="l">
        <div ref={noticeRef} tabIndex={-1}>
          <Flashbar items={flash} />
        </div>
        {campaign ? (
          <CampaignCard
            campaign={campaign}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {canStart && <Button variant="primary" onClick={() => setModal('start')}>{t('annualUpdateAdmin.start.open')}</Button>}
                {canClose && <Button onClick={() => setModal('close')}>{t('annualUpdateAdmin.close.open')}</Button>}
              </SpaceBetween>
            }
          />
        ) : (
          <Container>
            <SpaceBetween size="s">
              <Box>{loading ? t('common.loading') : t('annualUpdateAdmin.noCampaign')}</Box>
              {!loading && <Button variant="primary" onClick={() => setModal('start')}>{t('annualUpdateAdmin.start.open')}</Button>}
            </SpaceBetween>
          </Container>
        )}
        {job && (
          <Container>
            <ProgressBar
              label={t('annualUpdateAdmin.send.progress')}
              value={job.total ? Math.round(((job.total - job.pending - job.retrying - job.sending) / job.total) * 100) : 100}
              additionalInfo={t('annualUpdateAdmin.send.progressInfo', { sent: job.sent, failed: job.failed, skipped: job.skipped, total: job.total })}
            />
          </Container>
        )}
        {campaign && (
          <ParticipantsTable
            campaign={campaign}
            participants={participants}
            loading={loading}
            canSend={campaign.status === 'active' && !sender.isSending}
            onSend={send}
          />
        )}
      </SpaceBetween>
      <StartCampaignModal visible={modal === 'start'} busy={busy} onDismiss={() => setModal(null)} onStart={(year) => void start(year)} />
      <Modal
        visible={modal === 'close'}
        onDismiss={() => setModal(null)}
        header={t('annualUpdateAdmin.close.title')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setModal(null)}>{t('annualUpdateAdmin.cancel')}</Button>
              <Button variant="primary" loading={busy} onClick={() => void close()}>{t('annualUpdateAdmin.close.submit')}</Button>
            </SpaceBetween>
          </Box>
        }
      >
        {t('annualUpdateAdmin.close.body')}
      </Modal>
    </PageFrame>
  );
}
