import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import FormField from '@cloudscape-design/components/form-field';
import { lastDeadlineDay } from '@shared/rules/campaign-deadline';
import { schoolDay } from '@shared/rules/school-calendar';
import type { Language } from '@shared/schemas/common';
import { DayPicker } from '../../../components/date-picker/day-picker';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDate } from '../../../lib/date-time';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';

type DeadlineProblem = 'invalid' | 'past' | 'tooFar' | 'missing';

/**
 * What a deadline field says when its day cannot be taken (start, reopen, moving it): not a day, past (or none once
 * there was one, when `required`), or beyond the campaign's school year, with its last possible day.
 */
export function deadlineErrorText(
  t: TFunction,
  problem: DeadlineProblem,
  schoolYear: string,
  lang: Language,
): string {
  if (problem === 'invalid') return t('annualUpdateAdmin.start.deadline_invalid');
  if (problem === 'tooFar') return t('annualUpdateAdmin.start.deadline_tooFar', { date: formatLongDate(lastDeadlineDay(schoolYear), lang) });
  if (problem === 'missing') return t('annualUpdateAdmin.schedule.deadlineMissing');
  return t('annualUpdateAdmin.reopen.deadlineInvalid');
}

/**
 * A campaign dialog's deadline (reopening it, moving it): kept as typed, back to `initial` at each opening, its
 * problem (`problemOf` the trimmed day) said under the field once it was left, or when the dialog's action is pressed,
 * which then moves the focus to it (the action stays enabled, Cloudscape's pattern).
 */
export function useDeadlineField(initial: string, visible: boolean, problemOf: (day: string) => DeadlineProblem | undefined) {
  const [deadline, setDeadline] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!visible) return;
    setDeadline(initial);
    setTouched(false);
  }, [visible, initial]);
  const day = deadline.trim();
  const problem = problemOf(day);
  const invalidFocus = useFocusFirstInvalid<HTMLDivElement>();
  /** The day to save, or undefined once the field says what is wrong (and has the focus). */
  const submit = (): string | undefined => {
    if (!problem) return day;
    setTouched(true);
    invalidFocus.afterSubmit();
    return undefined;
  };
  return { deadline, setDeadline, touched, setTouched, day, problem, showError: !!problem && touched, invalidFocus, submit };
}

/** The field itself: a calendar from today to the last day of the campaign's school year. */
export function DeadlineField({ field, schoolYear, label, description }: {
  field: ReturnType<typeof useDeadlineField>;
  schoolYear: string;
  label: string;
  description: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div ref={field.invalidFocus.ref}>
      <FormField
        label={label}
        description={description}
        errorText={field.showError ? deadlineErrorText(t, field.problem!, schoolYear, currentLocale(i18n)) : undefined}
      >
        <DayPicker
          value={field.deadline}
          onChange={field.setDeadline}
          onBlur={() => field.setTouched(true)}
          minDay={schoolDay()}
          maxDay={lastDeadlineDay(schoolYear)}
          invalid={field.showError}
        />
      </FormField>
    </div>
  );
}
