import { TextInput } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { DateFieldProps, DateRangeFieldProps, TimeFieldProps } from './date-fields-impl.tsx';

// Mantine's dates package, its calendar popover (floating-ui) and dayjs are ~45 KB gzip: they load
// when a screen first draws a date or time field (often inside a dialog), not with the screen's code,
// so the screen renders sooner on a phone. Until then a disabled field of the same size holds the place.
const load = () => import('./date-fields-impl.tsx');
const LazyDateField = lazy(() => load().then((module) => ({ default: module.DateField })));
const LazyDateRangeField = lazy(() => load().then((module) => ({ default: module.DateRangeField })));
const LazyTimeField = lazy(() => load().then((module) => ({ default: module.TimeField })));

interface PlaceProps {
  label?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  withAsterisk?: boolean;
  className?: string;
  style?: TimeFieldProps['style'];
  w?: TimeFieldProps['w'];
  maw?: TimeFieldProps['maw'];
  flex?: TimeFieldProps['flex'];
}

/** What shows while the field's code loads: the same label and height, not usable yet. */
function Placeholder({ label, description, required, withAsterisk, className, style, w, maw, flex }: PlaceProps) {
  return (
    <TextInput
      label={label}
      description={description}
      withAsterisk={withAsterisk ?? required}
      className={className}
      style={style}
      w={w}
      maw={maw}
      flex={flex}
      disabled
      aria-busy
    />
  );
}

/** A date typed as DD/MM/AAAA or picked on a calendar in the app's language; the value is YYYY-MM-DD. */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyDateField {...props} />
    </Suspense>
  );
}

/** A date range picked on a calendar (a filter): DD/MM/AAAA – DD/MM/AAAA in the app's language. */
export function DateRangeField(props: DateRangeFieldProps) {
  return (
    <Suspense fallback={<Placeholder label={props.label} />}>
      <LazyDateRangeField {...props} />
    </Suspense>
  );
}

/** A time on the 24-hour clock (hours and minutes), whatever the browser's language. */
export function TimeField(props: TimeFieldProps & { label: string }) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyTimeField {...props} />
    </Suspense>
  );
}
