import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyResponse, WorkspaceParentDecision } from '@shared/contracts/progression-api';
import { ApiError } from '../../../lib/api/api-client';
import { errorKey, progressionApi } from '../../../lib/api/progression-client';
import { useCancelProgression, useStartProgression } from '../api/progression-queries';
import { decisionRequest } from '../model/students';
import { useApply } from './use-apply';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { Say } from './use-flash';
import type { ProgressionState } from './use-progression';

/** The staging calls the steps share: a refused one becomes a flash (a class that does not host the level says so). */
export function useStaging(state: ProgressionState, say: Say) {
  const { t } = useTranslation();
  const { save } = state;

  const report = (error: unknown) => {
    if (!error) return;
    const badClass =
      error instanceof ApiError && error.fields.some((f) => f.issue === 'class_does_not_host_level');
    say('error', badClass ? t('progression.assignments.invalidClass') : t(errorKey(error)));
  };

  const analyse = async () => report(await save((api, id) => progressionApi.analyse(api, id)));

  const decide = (decision: WorkspaceParentDecision, status: 'remove' | 'keep') =>
    void save((api, id) =>
      progressionApi.parentDecisions(api, id, { decisions: [{ parentId: decision.parentId, status: decisionRequest(decision, status) }] }),
    ).then(report);

  return { report, analyse, decide };
}

/**
 * Starting, abandoning and applying a progression. An apply under way when the page opens (closed tab, lost
 * connection) is continued.
 */
export function useLifecycle(state: ProgressionState, say: Say, setActive: (index: number) => void) {
  const { t } = useTranslation();
  const { current, workspace } = state;
  const [modal, setModal] = useState<'apply' | 'abandon' | null>(null);
  const starting = useStartProgression();
  const cancelling = useCancelProgression();
  const busy = starting.isPending || cancelling.isPending;
  // A double click on « Commencer » runs it once (the button shows busy only after a render).
  const once = useOneAtATime();

  const onApplied = useCallback((response: ApplyResponse) => {
    state.setCurrent({ schoolYear: response.progression.toYear, progression: response.progression });
    say('success', t('progression.completed.flash', { year: response.progression.toYear }));
  }, [say, state, t]);
  const applier = useApply(onApplied);

  const progression = current?.progression ?? null;
  const phase = progression?.phase;

  const resumed = useRef(false);
  useEffect(() => {
    if (phase === 'applying' && progression && !resumed.current) {
      resumed.current = true;
      void applier.resume(progression.id);
    }
  }, [phase, progression, applier]);

  // The start makes the page's read stale: it resolves once the new progression and its workspace are there.
  const start = () => once(async () => {
    try {
      await starting.mutateAsync();
      setActive(0);
      say('success', t('progression.start.started'));
    } catch (error) {
      say('error', t(errorKey(error)));
    }
  });

  const abandon = async () => {
    if (!progression) return;
    try {
      state.setCurrent(await cancelling.mutateAsync(progression.id));
      setModal(null);
      say('info', t('progression.abandon.done'));
    } catch (error) {
      say('error', t(errorKey(error)));
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

  return { modal, setModal, busy, applier, start, abandon, confirmApply };
}
