import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import type { ProgressionWorkspace } from '@shared/contracts/progression-api';
import type { Language } from '@shared/schemas/common';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useLanguage } from '../../../lib/use-language';
import styles from './progression-wizard.module.css';
import { progressionApi } from '../../../lib/api/progression-client';
import type { useStaging } from '../hooks/use-progression-actions';
import type { ProgressionState } from '../hooks/use-progression';
import type { ReviewState } from '../hooks/use-review';
import { AssignmentsStep } from './assignments-step';
import { DeparturesStep, type DepartureChange } from './departures-step';
import { GraduatesStep } from './graduates-step';
import { NewStudentsStep } from './new-students-step';
import { OverviewStep } from './overview-step';
import { ReviewStep } from './review-step';

export const STEPS = ['overview', 'assignments', 'graduates', 'newStudents', 'departures', 'review'] as const;
type StepKey = (typeof STEPS)[number];

interface StepsProps {
  workspace: ProgressionWorkspace;
  state: ProgressionState;
  staging: ReturnType<typeof useStaging>;
  review: ReviewState;
  goTo: (key: StepKey) => void;
}

/** Steps 1 to 3: the analysis, the class assignments, the graduates' parents. */
function firstSteps(t: TFunction, { workspace, state: { save, saving }, staging }: StepsProps): WizardProps.Step[] {
  const { analyse, decide, report } = staging;
  return [
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
  ];
}

/** Steps 4 to 6: the new students, the departures, the review of every change. */
function lastSteps(t: TFunction, apiBaseUrl: string, { workspace, state: { save, saving }, staging, review, goTo }: StepsProps): WizardProps.Step[] {
  const { decide, report } = staging;
  return [
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
          review={review.review}
          loading={review.loading}
          error={review.error}
          onRetry={() => void review.load()}
          onGoTo={goTo}
        />
      ),
    },
  ];
}

/** The guided flow while the progression is open: six steps, each choice saved on the server as it is made. */
export function ProgressionWizard({ active, onNavigate, onJump, onCancel, onSubmit, ...props }: Omit<StepsProps, 'goTo'> & {
  active: number;
  /** The wizard's own navigation (its buttons and step list). */
  onNavigate: (index: number) => void;
  /** A jump from the review to the step where a blocker is fixed. */
  onJump: (index: number) => void;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const lang = useLanguage();
  const step = STEPS[active]!;
  const steps = { ...props, goTo: (key: StepKey) => onJump(STEPS.indexOf(key)) };
  const wizardSteps = [...firstSteps(t, steps), ...lastSteps(t, apiBaseUrl, steps)];
  return (
    <div className={styles.wizard}>
      <Wizard
        activeStepIndex={active}
        allowSkipTo
        onNavigate={({ detail }) => onNavigate(detail.requestedStepIndex)}
        onCancel={onCancel}
        onSubmit={onSubmit}
        submitButtonText={t('progression.apply.open')}
        isLoadingNextStep={step === 'review' && props.review.loading}
        i18nStrings={{
          ...wizardStepStrings(t, lang, wizardSteps),
          skipToButtonLabel: (target) => t('progression.wizard.skipTo', { title: target.title }),
          navigationAriaLabel: t('progression.wizard.steps'),
          cancelButton: t('progression.abandon.open'),
          previousButton: t('progression.wizard.previous'),
          nextButton: t('progression.wizard.next'),
        }}
        steps={wizardSteps}
      />
    </div>
  );
}

/**
 * The step labels. Cloudscape writes them into fixed templates: the step link's name is `${stepNumberLabel}: ${title}`,
 * and an optional step gets ` - ${optional}` after its number and its heading. French wants a no-break space before
 * « : » (« Étape 6 : Vérifier et appliquer »), and neither language a hyphen before « facultatif »: the number's label
 * ends with that space in French, says « (facultatif) » itself (« Étape 4 (facultatif) »), and the wizard's own
 * ` - facultatif` is hidden (progression-wizard.module.css; still the link's description, as Cloudscape made it).
 */
export function wizardStepStrings(t: TFunction, lang: Language, steps: readonly Pick<WizardProps.Step, 'isOptional'>[]) {
  const beforeColon = lang === 'fr' ? '\u00a0' : '';
  return {
    stepNumberLabel: (n: number) =>
      `${t(steps[n - 1]?.isOptional ? 'progression.wizard.stepOptional' : 'progression.wizard.step', { n })}${beforeColon}`,
    collapsedStepsLabel: (n: number, total: number) => t('progression.wizard.stepOf', { n, total }),
    optional: t('progression.wizard.optional'),
  } satisfies WizardProps.I18nStrings;
}
