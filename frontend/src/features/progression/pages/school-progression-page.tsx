import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Wizard from '@cloudscape-design/components/wizard';
import type { ApplyResponse, ProgressionReview, WorkspaceParentDecision } from '../../../../../shared/progression-api';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { errorKey, progressionApi } from '../../../lib/api/progression-client';
import { ApplyModal } from '../components/apply-modal';
import { ApplyPanel, CompletedSummary } from '../components/apply-panel';
import { AssignmentsStep } from '../components/assignments-step';
import { DeparturesStep, type DepartureChange } from '../components/departures-step';
import { GraduatesStep } from '../components/graduates-step';
import { NewStudentsStep } from '../components/new-students-step';
import { OverviewStep } from '../components/overview-step';
import { ReviewStep } from '../components/review-step';
import { useApply } from '../hooks/use-apply';
import { useProgression } from '../hooks/use-progression';
import { decisionRequest } from '../model/students';
import { ApiError } from '../../../lib/api/api-client';

const STEPS = ['overview', 'assignments', 'graduates', 'newStudents', 'departures', 'review'] as const;
type StepKey = (typeof STEPS)[number];

/** `2026-2027` after `2025-2026` (the server's rule, for the start button before anything exists). */
const nextYear = (year: string) => year.replace(/^(\d{4})-(\d{4})$/, (_, a: string, b: string) => `${Number(a) + 1}-${Number(b) + 1}`);

/**
 * `/admin/school-progression` (spec §2-§4, issue #6): prepare next school year in a guided flow, review every
 * change, apply once. Every choice is saved on the server as it is made, so leaving and coming back loses
 * nothing; the apply runs in chunks driven from here and resumes when the page is opened again.
 */
export function SchoolProgressionPage() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const state = useProgression();
  const { current, workspace, save, saving } = state;
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const [active, setActive] = useState(0);
  const [review, setReview] = useState<ProgressionReview | null>(null);
  const [reviewLoading, setReviewLoading] = useState(false);
  const [reviewError, setReviewError] = useState<unknown>(null);
  const [modal, setModal] = useState<'apply' | 'abandon' | null>(null);
  const [busy, setBusy] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);

  const say = useCallback((type: FlashbarProps.Type, content: string) => {
    const id = `${Date.now()}-${Math.random()}`;
    setFlash([{ id, type, content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash((all) => all.filter((m) => m.id !== id)) }]);
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }, [t]);

  const onApplied = useCallback((response: ApplyResponse) => {
    state.setCurrent({ schoolYear: response.progression.toYear, progression: response.progression });
    say('success', t('progression.completed.flash', { year: response.progression.toYear }));
  }, [say, state, t]);
  const applier = useApply(onApplied);

  const progression = current?.progression ?? null;
  const phase = progression?.phase;

  // An apply under way when the page opens (closed tab, lost connection): continue it.
  const resumed = useRef(false);
  useEffect(() => {
    if (phase === 'applying' && progression && !resumed.current) {
      resumed.current = true;
      void applier.resume(progression.id);
    }
  }, [phase, progression, applier]);

  const loadReview = useCallback(async () => {
    if (!workspace) return;
    setReviewLoading(true);
    setReviewError(null);
    try {
      setReview(await progressionApi.review(apiBaseUrl, workspace.progression.id));
    } catch (error) {
      setReviewError(error);
    } finally {
      setReviewLoading(false);
    }
  }, [apiBaseUrl, workspace]);

  // The review is the server's diff: fetched when the step opens and after every change made meanwhile.
  useEffect(() => {
    if (STEPS[active] === 'review' && !saving) void loadReview();
  }, [active, saving, loadReview]);

  const report = (error: unknown) => {
    if (!error) return;
    const badClass =
      error instanceof ApiError && error.fields.some((f) => f.issue === 'class_does_not_host_level');
    say('error', badClass ? t('progression.assignments.invalidClass') : t(errorKey(error)));
  };

  const start = async () => {
    setBusy(true);
    try {
      await progressionApi.start(apiBaseUrl);
      setActive(0);
      await state.reload();
      say('success', t('progression.start.started'));
    } catch (error) {
      say('error', t(errorKey(error)));
    } finally {
      setBusy(false);
    }
  };

  const analyse = async () => report(await save((api, id) => progressionApi.analyse(api, id)));

  const decide = (decision: WorkspaceParentDecision, status: 'remove' | 'keep') =>
    void save((api, id) =>
      progressionApi.parentDecisions(api, id, { decisions: [{ parentId: decision.parentId, status: decisionRequest(decision, status) }] }),
    ).then(report);

  const abandon = async () => {
    if (!progression) return;
    setBusy(true);
    try {
      state.setCurrent(await progressionApi.cancel(apiBaseUrl, progression.id));
      setModal(null);
      say('info', t('progression.abandon.done'));
    } catch (error) {
      say('error', t(errorKey(error)));
    } finally {
      setBusy(false);
    }
  };

  const confirmApply = () => {
    if (!progression || !workspace) return;
    setModal(null);
    // The panel takes over at once; the first chunk's answer brings the real progress.
    state.setCurrent({
      schoolYear: progression.fromYear,
      progression: { ...workspace.progression, phase: 'applying' },
    });
    resumed.current = true;
    void applier.start(progression.id);
  };

  let body: React.ReactNode;
  if (state.loading && !current) {
    body = (
      <Box textAlign="center" padding="xl">
        <Spinner size="large" /> <Box variant="span">{t('common.loading')}</Box>
      </Box>
    );
  } else if (state.loadError) {
    body = (
      <Alert type="error" header={t('progression.loadFailed')} action={<Button onClick={() => void state.reload()}>{t('progression.retry')}</Button>}>
        {t(errorKey(state.loadError))}
      </Alert>
    );
  } else if (phase === 'applying' && progression) {
    body = (
      <ApplyPanel
        progression={applier.progress?.progression ?? progression}
        running={applier.running}
        error={applier.error}
        onRetry={() => void applier.resume(progression.id)}
      />
    );
  } else if (phase === 'analysis' && workspace) {
    body = (
      <Alert type="warning" header={t('progression.interrupted.title')} action={<Button loading={saving} onClick={() => void analyse()}>{t('progression.overview.analyse')}</Button>}>
        {t('progression.interrupted.body')}
      </Alert>
    );
  } else if (phase === 'review' && workspace) {
    const step = STEPS[active]!;
    const goTo = (key: StepKey) => setActive(STEPS.indexOf(key));
    body = (
      <Wizard
        activeStepIndex={active}
        allowSkipTo
        onNavigate={({ detail }) => {
          setFlash((all) => all.filter((m) => m.type === 'error'));
          setActive(detail.requestedStepIndex);
        }}
        onCancel={() => setModal('abandon')}
        onSubmit={() => {
          if (review?.ready) setModal('apply');
          else say('error', t('progression.review.notReady'));
        }}
        submitButtonText={t('progression.apply.open')}
        isLoadingNextStep={step === 'review' && reviewLoading}
        i18nStrings={{
          stepNumberLabel: (n) => t('progression.wizard.step', { n }),
          collapsedStepsLabel: (n, total) => t('progression.wizard.stepOf', { n, total }),
          skipToButtonLabel: (target) => t('progression.wizard.skipTo', { title: target.title }),
          navigationAriaLabel: t('progression.wizard.steps'),
          cancelButton: t('progression.abandon.open'),
          previousButton: t('progression.wizard.previous'),
          nextButton: t('progression.wizard.next'),
          optional: t('progression.wizard.optional'),
        }}
        steps={[
          {
            title: t('progression.steps.overview'),
            description: t('progression.stepHints.overview'),
            content: <OverviewStep workspace={workspace} busy={saving} onAnalyse={() => void analyse()} />,
          },
          {
            title: t('progression.steps.assignments'),
            description: t('progression.stepHints.assignments'),
            content: (
              <AssignmentsStep
                workspace={workspace}
                onAssign={async (assignments) => report(await save((api, id) => progressionApi.assign(api, id, { assignments })))}
              />
            ),
          },
          {
            title: t('progression.steps.graduates'),
            description: t('progression.stepHints.graduates'),
            content: <GraduatesStep workspace={workspace} saving={saving} onDecide={decide} />,
          },
          {
            title: t('progression.steps.newStudents'),
            description: t('progression.stepHints.newStudents'),
            isOptional: true,
            content: (
              <NewStudentsStep
                workspace={workspace}
                saving={saving}
                lookup={async (email) => (await progressionApi.parentLookup(apiBaseUrl, workspace.progression.id, email)).matches}
                onSave={(newStudentId, request) =>
                  save((api, id) =>
                    newStudentId ? progressionApi.updateNewStudent(api, id, newStudentId, request) : progressionApi.addNewStudent(api, id, request),
                  )
                }
                onDelete={async (newStudentId) => {
                  const error = await save((api, id) => progressionApi.deleteNewStudent(api, id, newStudentId));
                  report(error);
                  return error;
                }}
              />
            ),
          },
          {
            title: t('progression.steps.departures'),
            description: t('progression.stepHints.departures'),
            isOptional: true,
            content: (
              <DeparturesStep
                workspace={workspace}
                saving={saving}
                onDecide={decide}
                onChange={async (departures: DepartureChange[]) =>
                  report(await save((api, id) => progressionApi.departures(api, id, { departures })))
                }
              />
            ),
          },
          {
            title: t('progression.steps.review'),
            description: t('progression.stepHints.review'),
            content: (
              <ReviewStep
                workspace={workspace}
                review={review}
                loading={reviewLoading}
                error={reviewError}
                onRetry={() => void loadReview()}
                onGoTo={goTo}
              />
            ),
          },
        ]}
      />
    );
  } else {
    // Nothing open: never started, abandoned, or the last one is applied.
    const schoolYear = current?.schoolYear ?? '';
    body = (
      <SpaceBetween size="l">
        {phase === 'completed' && progression && <CompletedSummary progression={progression} />}
        <Container header={<Header variant="h2">{t('progression.start.title', { year: nextYear(schoolYear) })}</Header>}>
          <SpaceBetween size="m">
            <Box variant="p">{t('progression.start.current', { year: schoolYear })}</Box>
            <Box variant="p">{t('progression.start.body')}</Box>
            <Box>
              <Button variant={phase === 'completed' ? 'normal' : 'primary'} loading={busy} onClick={() => void start()}>
                {t('progression.start.button', { year: nextYear(schoolYear) })}
              </Button>
            </Box>
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    );
  }

  return (
    <PageFrame title={t('pages.schoolProgression.title')} description={t('pages.schoolProgression.description')}>
      <div ref={topRef}>
        <SpaceBetween size="l">
          <Flashbar items={flash} />
          {body}
        </SpaceBetween>
      </div>
      <ApplyModal
        visible={modal === 'apply'}
        toYear={progression?.toYear ?? ''}
        busy={applier.running}
        onDismiss={() => setModal(null)}
        onConfirm={confirmApply}
      />
      <Modal
        visible={modal === 'abandon'}
        onDismiss={() => setModal(null)}
        header={t('progression.abandon.title')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setModal(null)}>{t('progression.abandon.keep')}</Button>
              <Button variant="primary" loading={busy} onClick={() => void abandon()}>{t('progression.abandon.submit')}</Button>
            </SpaceBetween>
          </Box>
        }
      >
        {t('progression.abandon.body')}
      </Modal>
    </PageFrame>
  );
}
