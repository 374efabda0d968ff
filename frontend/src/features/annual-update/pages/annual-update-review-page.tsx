import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { PendingField, ReviewItem } from '@shared/rules/annual-update-review';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { ApiErrorAlert } from '../../../components/query-state/query-state';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDateTime } from '../../../lib/date-time';
import { useErrorText } from '../../../lib/api/use-error-text';
import { useIsMobile } from '../../../lib/use-language';
import { useCampaignReview } from '../../../lib/api/admin-summary-queries';
import { annualUpdateKeys, useCurrentCampaign, useDecideReview } from '../api/annual-update-queries';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { reviewFieldKey, reviewValueText } from '../../../lib/review-values';

type Decision = { accept?: PendingField['field'][]; reject?: PendingField['field'][] };

/**
 * The held answers of the current campaign (api/annual-update-queries.ts): the campaign's query, then its review
 * queue; a decision is a mutation that makes them stale, and a refused one (a conflict) asks them again too.
 */
function useReviewQueue() {
  const { t } = useTranslation();
  const errorText = useErrorText('annualUpdateAdmin.review.failed');
  const client = useQueryClient();
  const current = useCurrentCampaign();
  const campaign = current.data?.campaign;
  const campaignId = campaign?.review ? campaign.id : null;
  const queue = useCampaignReview(campaignId);
  const decision = useDecideReview();
  const [busy, setBusy] = useState<string | null>(null);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const say = useCallback((type: 'success' | 'error', content: string) => {
    setFlash([{ id: `${Date.now()}`, type, content, dismissible: true, onDismiss: () => setFlash([]) }]);
  }, []);

  const decide = async (item: ReviewItem, choice: Decision) => {
    if (!campaignId) return;
    setBusy(item.parentId);
    try {
      const request = { version: item.version, submittedAt: item.submittedAt, ...choice };
      await decision.mutateAsync({ campaignId, parentId: item.parentId, request });
      const name = `${item.firstName} ${item.lastName}`;
      // Says what was done, as the button said it would: « 3 changements publiés pour … » after « Accepter les 3 changements ».
      const accepted = choice.accept?.length ?? 0;
      say('success', accepted ? t('annualUpdateAdmin.review.accepted', { count: accepted, name }) : t('annualUpdateAdmin.review.rejected', { name }));
    } catch (error) {
      say('error', errorText(error));
      await client.invalidateQueries({ queryKey: annualUpdateKeys.all });
    } finally {
      setBusy(null);
    }
  };
  const loading = current.isPending || (campaignId !== null && queue.isPending);
  const failed = current.isError ? current : queue.isError ? queue : null;
  return { campaignId, items: queue.data?.items ?? [], loading, failed, busy, flash, decide };
}

/** Accept and Reject for one field of a held answer. */
function DecisionButtons({ change, name, busy, onDecide }: { change: PendingField; name: string; busy: boolean; onDecide: (d: Decision) => void }) {
  const { t } = useTranslation();
  const label = t(reviewFieldKey(change.field));
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button disabled={busy} ariaLabel={`${t('annualUpdateAdmin.review.accept')} ${label} (${name})`} onClick={() => onDecide({ accept: [change.field] })}>
        {t('annualUpdateAdmin.review.accept')}
      </Button>
      <Button disabled={busy} ariaLabel={`${t('annualUpdateAdmin.review.reject')} ${label} (${name})`} onClick={() => onDecide({ reject: [change.field] })}>
        {t('annualUpdateAdmin.review.reject')}
      </Button>
    </SpaceBetween>
  );
}

/**
 * One parent's held answer: each field as old -> new, with Accept and Reject, and Accept all. A table on a wide
 * screen; below 1280 px one block per field (the table's four columns squeezed the buttons letter by letter on a
 * phone).
 */
function ReviewCard({ item, busy, onDecide }: { item: ReviewItem; busy: boolean; onDecide: (d: Decision) => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const mobile = useIsMobile();
  const name = `${item.firstName} ${item.lastName}`;
  const none = t('annualUpdateAdmin.review.none');
  const label = (field: PendingField['field']) => t(reviewFieldKey(field));
  const value = (change: PendingField, side: 'old' | 'new') => reviewValueText(change.field, change[side], lang) ?? none;
  // What the button does, with its count: « Accepter les 3 changements », « Accepter le changement » (not « Tout accepter »).
  const acceptAll = t('annualUpdateAdmin.review.acceptAll', { count: item.changes.length });
  // One change: its own Accept and Reject are the answer's (a second « Accepter le changement » above them said the
  // same twice). Several: Accept all too, above the per-field decisions.
  const several = item.changes.length > 1;
  const header = (
    <Header
      variant="h2"
      description={t('annualUpdateAdmin.review.submittedAt', { date: formatLongDateTime(item.submittedAt, lang) })}
      actions={
        several && (
          <Button
            loading={busy}
            ariaLabel={`${acceptAll} (${name})`}
            onClick={() => onDecide({ accept: item.changes.map((c) => c.field) })}
          >
            {acceptAll}
          </Button>
        )
      }
    >
      {name}
    </Header>
  );
  if (mobile) {
    return (
      <Container header={header}>
        <SpaceBetween size="l">
          {item.changes.map((change) => (
            <SpaceBetween key={change.field} size="xs">
              <Box variant="h3">{label(change.field)}</Box>
              <Box>
                <Box variant="awsui-key-label">{t('annualUpdateAdmin.review.old')}</Box>
                <div style={{ overflowWrap: 'anywhere' }}>{value(change, 'old')}</div>
              </Box>
              <Box>
                <Box variant="awsui-key-label">{t('annualUpdateAdmin.review.new')}</Box>
                <div style={{ overflowWrap: 'anywhere' }}>{value(change, 'new')}</div>
              </Box>
              <DecisionButtons change={change} name={name} busy={busy} onDecide={onDecide} />
            </SpaceBetween>
          ))}
        </SpaceBetween>
      </Container>
    );
  }
  return (
    <Table
      variant="container"
      header={header}
      items={item.changes}
      trackBy="field"
      wrapLines
      columnDefinitions={[
        { id: 'field', header: t('annualUpdateAdmin.review.field'), cell: (c) => label(c.field) },
        { id: 'old', header: t('annualUpdateAdmin.review.old'), cell: (c) => value(c, 'old') },
        { id: 'new', header: t('annualUpdateAdmin.review.new'), cell: (c) => value(c, 'new') },
        {
          id: 'actions',
          header: t('annualUpdateAdmin.review.decision'),
          cell: (c) => <DecisionButtons change={c} name={name} busy={busy} onDecide={onDecide} />,
        },
      ]}
    />
  );
}

/**
 * « Refuser ce changement? »: a refused value is not published and is gone, the parent would have to send it again; on
 * a phone Accept and Reject sit side by side (a trial's one tap threw away a parent's new address).
 */
function ConfirmReject({ pending, onConfirm, onDismiss }: {
  pending: { item: ReviewItem; field: PendingField['field'] } | null;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={pending !== null}
      title={t('annualUpdateAdmin.review.rejectTitle')}
      confirmLabel={t('annualUpdateAdmin.review.reject')}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    >
      {pending &&
        t('annualUpdateAdmin.review.rejectBody', { field: t(reviewFieldKey(pending.field)), name: `${pending.item.firstName} ${pending.item.lastName}` })}
    </ConfirmDialog>
  );
}

/** `/admin/annual-update/review` (docs/annual-update.md, "Review before publishing"). AdminGate checks the role. */
export function AnnualUpdateReviewPage() {
  const { t } = useTranslation();
  const { campaignId, items, loading, failed, busy, flash, decide } = useReviewQueue();
  const [rejecting, setRejecting] = useState<{ item: ReviewItem; field: PendingField['field'] } | null>(null);
  const onDecide = (item: ReviewItem, d: Decision) => {
    const field = d.reject?.[0];
    if (field) setRejecting({ item, field });
    else void decide(item, d);
  };
  const empty = loading ? t('common.loading') : campaignId ? t('annualUpdateAdmin.review.empty') : t('annualUpdateAdmin.review.off');
  return (
    <PageFrame title={t('pages.annualUpdateReview.title')} description={t('pages.annualUpdateReview.description')}>
      <SpaceBetween size="l">
        <RouterLink href="/admin/annual-update">{t('annualUpdateAdmin.review.back')}</RouterLink>
        <Flashbar items={flash} />
        {failed && (
          <ApiErrorAlert error={failed.error} genericKey="annualUpdateAdmin.review.failed" onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
        )}
        {items.length === 0 ? (
          <Container>
            <Box>{empty}</Box>
          </Container>
        ) : (
          items.map((item) => (
            <ReviewCard key={item.parentId} item={item} busy={busy === item.parentId} onDecide={(d) => onDecide(item, d)} />
          ))
        )}
      </SpaceBetween>
      <ConfirmReject
        pending={rejecting}
        onDismiss={() => setRejecting(null)}
        onConfirm={() => {
          if (rejecting) void decide(rejecting.item, { reject: [rejecting.field] });
          setRejecting(null);
        }}
      />
    </PageFrame>
  );
}
