import { useTranslation } from 'react-i18next';
import { StepProgress } from '../../../components/progress/step-progress';

/** A letters download's steps: the server issues the codes, then the browser lays out the letters. */
export type LettersStep = 'codes' | 'layout';
const STEPS: readonly LettersStep[] = ['codes', 'layout'];

/** What a letters download is doing while it runs (1.5 to 5 s for a school's letters; docs/annual-update.md, "Long actions"). */
export function LettersProgress({ step }: { step: LettersStep }) {
  const { t } = useTranslation();
  const key = 'annualUpdate.letters';
  return <StepProgress label={t(`${key}.downloading`)} steps={STEPS.map((s) => t(`${key}.step.${s}`))} current={STEPS.indexOf(step)} />;
}
