import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useUrlStep } from '../../../lib/use-url-state';
import { PageFrame } from '../../../components/page/page-frame';
import { ApiErrorAlert } from '../../../components/query-state/query-state';
import { AbandonModal } from '../components/abandon-modal';
import { ApplyModal } from '../components/apply-modal';
import { ApplyPanel } from '../components/apply-panel';
import { CampaignNotice } from '../components/campaign-notice';
import { ProgressionWizard, STEPS } from '../components/progression-wizard';
import { StartPanel } from '../components/start-panel';
import { useFlash, type Say } from '../hooks/use-flash';
import { useProgression, type ProgressionState } from '../hooks/use-progression';
import { useLifecycle, useStaging } from '../hooks/use-progression-actions';
import { useReview, type ReviewState } from '../hooks/use-review';

/** What the page shows for the progression's phase: loading, the apply under way, the wizard, or the start. */
function ProgressionBody({ state, life, staging, review, active, setActive, onNavigate, say }: {
  state: ProgressionState;
  life: ReturnType<typeof useLifecycle>;
  staging: ReturnType<typeof useStaging>;
  review: ReviewState;
  active: number;
  setActive: (index: number) => void;
  onNavigate: (index: number) => void;
  say: Say;
}) {
  const { t } = useTranslation();
  const { current, workspace, saving } = state;
  const progression = current?.progression ?? null;
  const phase = progression?.phase;
  if (state.loading && !current) {
    return (
      <Box textAlign="center" padding="xl">
        <Spinner size="large" /> <Box variant="span">{t('common.loading')}</Box>
      </Box>
    );
  }
  if (state.loadError) {
    return (
      <ApiErrorAlert
        error={state.loadError}
        header={t('progression.loadFailed')}
        genericKey="progression.errors.generic"
        onRetry={() => void state.reload()}
        retrying={state.loading}
      />
    );
  }
  if (phase === 'applying' && progression) {
    const { applier } = life;
    return (
      <ApplyPanel
        progression={applier.progress?.progression ?? progression}
        running={applier.running}
        error={applier.error}
        onRetry={() => void applier.resume(progression.id)}
      />
    );
  }
  if (phase === 'analysis' && workspace) {
    return (
      <Alert type="warning" header={t('progression.interrupted.title')} action={<Button loading={saving} onClick={() => void staging.analyse()}>{t('progression.overview.analyse')}</Button>}>
        {t('progression.interrupted.body')}
      </Alert>
    );
  }
  if (phase === 'review' && workspace) {
    return (
      <ProgressionWizard
        workspace={workspace}
        state={state}
        staging={staging}
        review={review}
        active={active}
        onNavigate={onNavigate}
        onJump={setActive}
        onCancel={() => life.setModal('abandon')}
        onSubmit={() => {
          if (review.review?.ready) life.setModal('apply');
          else say('error', t('progression.review.notReady'));
        }}
      />
    );
  }
  // Nothing open: never started, abandoned, or the last one is applied.
  return (
    <StartPanel
      schoolYear={current?.schoolYear ?? ''}
      completed={phase === 'completed' ? progression : null}
      busy={life.busy}
      onStart={() => void life.start()}
    />
  );
}

/**
 * `/admin/school-progression` (docs/progression.md): prepare next school year in a guided flow, review every
 * change, apply once. Every choice is saved on the server as it is made, so leaving and coming back loses
 * nothing; the apply runs in chunks driven from here and resumes when the page is opened again.
 */
export function SchoolProgressionPage() {
  const { t } = useTranslation();
  const state = useProgression();
  const { flash, setFlash, say, topRef } = useFlash();
  // The step is in the address: a reload stays on it, Back goes to the previous step.
  const [active, setActive] = useUrlStep('step', STEPS);
  const review = useReview(state.workspace, STEPS[active] === 'review', state.saving);
  const staging = useStaging(state, say);
  const life = useLifecycle(state, say, setActive);
  const onNavigate = (index: number) => {
    setFlash((all) => all.filter((m) => m.type === 'error'));
    setActive(index);
  };

  return (
    <PageFrame title={t('pages.schoolProgression.title')} description={t('pages.schoolProgression.description')}>
      <div ref={topRef}>
        <SpaceBetween size="l">
          <Flashbar items={flash} />
          {state.current?.progression?.phase !== 'applying' && <CampaignNotice campaign={state.current?.openCampaign} />}
          <ProgressionBody {...{ state, life, staging, review, active, setActive, onNavigate, say }} />
        </SpaceBetween>
      </div>
      <ApplyModal
        visible={life.modal === 'apply'}
        toYear={state.current?.progression?.toYear ?? ''}
        busy={life.applier.running}
        onDismiss={() => life.setModal(null)}
        onConfirm={life.confirmApply}
      />
      <AbandonModal visible={life.modal === 'abandon'} busy={life.busy} onDismiss={() => life.setModal(null)} onConfirm={life.abandon} />
    </PageFrame>
  );
}
