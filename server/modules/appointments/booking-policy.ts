import { bookingRules } from './booking-rules.ts';
import { insideCancelNotice, noShowsSince } from './booking-window.ts';

/** The clinic's booking rules and the dates they give, for screens outside booking (home, record, waitlist). */
export const bookingPolicy = {
  /** The rules as they stand (a few seconds' cache per instance). */
  rules: bookingRules,
  /** Whether an appointment starts too soon to be cancelled or moved online. */
  insideCancelNotice,
  /** The first day whose no-shows still count (12 months back from today). */
  noShowsSince,
};
