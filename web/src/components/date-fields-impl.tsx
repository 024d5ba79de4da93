// The date and time fields themselves: loaded on demand through date-fields.tsx (Mantine's dates
// package, its calendar popover and dayjs are ~45 KB gzip that a screen need not wait for).
import '@mantine/dates/styles.css';
import { DateInput, DatePickerInput, DatesProvider, TimePicker, type DateInputProps, type TimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/ca.js';
import 'dayjs/locale/es.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { ClipboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './date-fields.module.css';

dayjs.extend(customParseFormat);

/** How a date reads and is typed: DD/MM/AAAA in every language of the app (a clinic in Spain). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** A typed DD/MM/YYYY (or D/M/YYYY, or ISO) as the clinic's YYYY-MM-DD; null when it is no date. */
export function parseDate(text: string): string | null {
  const trimmed = text.trim();
  const parsed = dayjs(trimmed, ['DD/MM/YYYY', 'D/M/YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** The calendars and date formats follow the app's language (not the browser's); weeks start on Monday. */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1, consistentWeeks: true }}>{children}</DatesProvider>;
}

function useDateTexts() {
  const { t } = useTranslation('common');
  return {
    placeholder: t('date_placeholder'),
    nextLabel: t('date_next_month'),
    previousLabel: t('date_previous_month'),
  };
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
};

/** A date typed as DD/MM/AAAA or picked on a calendar in the app's language; the value is YYYY-MM-DD. */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const texts = useDateTexts();
  return (
    <DatesLocale>
      <DateInput
        placeholder={texts.placeholder}
        nextLabel={texts.nextLabel}
        previousLabel={texts.previousLabel}
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ? dayjs(next).format('YYYY-MM-DD') : '')}
        valueFormat={DATE_FORMAT}
        dateParser={parseDate}
        popoverProps={{ withinPortal: true }}
      />
    </DatesLocale>
  );
}

export interface DateRangeFieldProps {
  label: string;
  /** [from, to] as YYYY-MM-DD, '' when open. */
  value: [string, string];
  onChange: (value: [string, string]) => void;
  clearLabel: string;
}

/** A date range picked on a calendar (a filter): DD/MM/AAAA – DD/MM/AAAA in the app's language. */
export function DateRangeField({ label, value, onChange, clearLabel }: DateRangeFieldProps) {
  const texts = useDateTexts();
  return (
    <DatesLocale>
      <DatePickerInput
        type="range"
        label={label}
        classNames={{ placeholder: classes.placeholder }}
        placeholder={`${texts.placeholder} – ${texts.placeholder}`}
        nextLabel={texts.nextLabel}
        previousLabel={texts.previousLabel}
        valueFormat={DATE_FORMAT}
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': clearLabel }}
        value={[value[0] || null, value[1] || null]}
        onChange={([from, to]) => onChange([from ? dayjs(from).format('YYYY-MM-DD') : '', to ? dayjs(to).format('YYYY-MM-DD') : ''])}
      />
    </DatesLocale>
  );
}

/**
 * A paste that carries no clipboard data (one a script dispatches, as Lighthouse's paste audit does)
 * would reach Mantine's handler, which cancels it and then fails reading the data. A person's paste
 * always carries data and goes on to Mantine, which fills the hours and minutes from it.
 */
function ignorePasteWithoutData(event: ClipboardEvent<HTMLDivElement>) {
  if (!event.clipboardData) event.stopPropagation();
}

export type TimeFieldProps = Omit<TimePickerProps, 'value' | 'onChange' | 'format'> & {
  /** HH:MM (seconds accepted and dropped), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A time on the 24-hour clock (hours and minutes), whatever the browser's language. Each part is named
 * after the field ('Hora de inicio, horas'), as its own label would otherwise be lost to a screen reader.
 */
export function TimeField({ value, onChange, label, ...props }: TimeFieldProps & { label: string }) {
  const { t } = useTranslation('common');
  return (
    <TimePicker
      label={label}
      hoursInputLabel={t('time_hours', { field: label })}
      minutesInputLabel={t('time_minutes', { field: label })}
      {...props}
      format="24h"
      value={value.slice(0, 5)}
      onChange={onChange}
      onPasteCapture={ignorePasteWithoutData}
    />
  );
}
