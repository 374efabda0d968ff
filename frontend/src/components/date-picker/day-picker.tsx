import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import Input from '@cloudscape-design/components/input';
import { IsoDateSchema } from '@shared/schemas/common';
import { currentLocale } from '../../i18n/i18n';
import { formatLongDate } from '../../lib/date-time';

/**
 * Whether `value` is a real calendar day written `2026-12-19` (not `2026-13-45`, not `2026-02-30`): the rule the
 * server reads a deadline with (IsoDateSchema).
 */
export const isCalendarDay = (value: string): boolean => IsoDateSchema.safeParse(value).success;

const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * A calendar day chosen on a calendar (docs/frontend.md, "Dates"): a text field in Québec's numeric form
 * (2026-12-19) and a button that opens Cloudscape's calendar below it, in the reader's locale (fr-CA, en-CA: month
 * names and the week's first day), days before `minDay` (or after `maxDay`) disabled, so a deadline in the past
 * cannot be picked. The calendar button says the chosen day in words for a screen reader.
 *
 * The field keeps what was typed, as typed: Cloudscape's date picker masks its field and silently turned
 * `2026-13-45` into `2026-12-31`; here the form says the day is invalid (`isCalendarDay`) and the reader fixes it.
 */
export function DayPicker({ value, onChange, onBlur, minDay, maxDay, invalid, ariaLabel }: {
  value: string;
  onChange: (day: string) => void;
  /** The field lost the focus (a form shows its error from then on). */
  onBlur?: () => void;
  /** The first day that may be chosen (`2026-12-19`). */
  minDay?: string;
  maxDay?: string;
  invalid?: boolean;
  ariaLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const [open, setOpen] = useState(false);
  const button = useRef<ButtonProps.Ref>(null);
  const day = value.trim();
  const chosen = isCalendarDay(day) ? day : '';
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div
      onKeyDown={(event) => {
        // Escape closes the calendar, not the dialog around it.
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div style={{ display: 'flex', gap: 8, maxInlineSize: 234 }}>
        <div style={{ flex: '1 1 auto', minWidth: 0 }}>
          <Input
            value={value}
            onChange={({ detail }) => onChange(detail.value)}
            onBlur={onBlur}
            placeholder={t('common.datePicker.placeholder')}
            invalid={invalid}
            ariaLabel={ariaLabel}
            autoComplete={false}
            spellcheck={false}
          />
        </div>
        <Button
          ref={button}
          iconName="calendar"
          formAction="none"
          ariaExpanded={open}
          ariaLabel={chosen ? t('common.datePicker.openCalendarWith', { date: formatLongDate(chosen, lang) }) : t('common.datePicker.openCalendar')}
          onClick={() => setOpen((was) => !was)}
        />
      </div>
      {open && (
        <Calendar
          value={chosen}
          locale={lang === 'fr' ? 'fr-CA' : 'en-CA'}
          ariaLabel={ariaLabel}
          isDateEnabled={(date) => (!minDay || dayOf(date) >= minDay) && (!maxDay || dayOf(date) <= maxDay)}
          onChange={({ detail }) => {
            onChange(detail.value);
            close();
          }}
          i18nStrings={{
            previousMonthAriaLabel: t('common.datePicker.previousMonth'),
            nextMonthAriaLabel: t('common.datePicker.nextMonth'),
            todayAriaLabel: t('common.datePicker.today'),
          }}
        />
      )}
    </div>
  );
}
