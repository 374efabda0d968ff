import { useTranslation } from 'react-i18next';
import DatePicker from '@cloudscape-design/components/date-picker';
import { currentLocale } from '../../i18n/i18n';
import { formatLongDate } from '../../lib/date-time';

/**
 * A calendar day chosen on a calendar (docs/frontend.md, "Dates"): Cloudscape's date picker in the reader's
 * locale (fr-CA, en-CA: month names and the week's first day), the field in Québec's numeric form (2026-12-19),
 * and days before `minDay` (or after `maxDay`) disabled, so a deadline in the past cannot be chosen. The calendar
 * button says the chosen day in words for a screen reader.
 */
export function DayPicker({ value, onChange, minDay, maxDay, invalid, ariaLabel }: {
  value: string;
  onChange: (day: string) => void;
  /** The first day that may be chosen (`2026-12-19`). */
  minDay?: string;
  maxDay?: string;
  invalid?: boolean;
  ariaLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return (
    <DatePicker
      value={value}
      onChange={({ detail }) => onChange(detail.value)}
      locale={lang === 'fr' ? 'fr-CA' : 'en-CA'}
      format="iso"
      inputFormat="iso"
      placeholder={t('common.datePicker.placeholder')}
      invalid={invalid}
      ariaLabel={ariaLabel}
      isDateEnabled={(date) => (!minDay || dayOf(date) >= minDay) && (!maxDay || dayOf(date) <= maxDay)}
      openCalendarAriaLabel={(selected) =>
        selected && /^\d{4}-\d{2}-\d{2}$/.test(selected) ? t('common.datePicker.openCalendarWith', { date: formatLongDate(selected, lang) }) : t('common.datePicker.openCalendar')
      }
      i18nStrings={{
        previousMonthAriaLabel: t('common.datePicker.previousMonth'),
        nextMonthAriaLabel: t('common.datePicker.nextMonth'),
        todayAriaLabel: t('common.datePicker.today'),
      }}
    />
  );
}
