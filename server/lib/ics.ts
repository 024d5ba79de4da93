/** A one-event iCalendar file (RFC 5545): what calendar apps import from an e-mail attachment. */
export interface CalendarEvent {
  /** Globally unique and stable for the same appointment, so a re-sent file updates the event. */
  uid: string;
  /** When the file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** The event's revision (section 3.8.7.4): a higher one replaces what a calendar holds. */
  sequence?: number;
  /** Minutes before the start at which the calendar should alert. */
  alarmMinutesBefore?: number;
  /**
   * Who sends the entry and to whom (mailto addresses): a calendar app updates or removes an entry
   * sent by e-mail (METHOD:REQUEST or CANCEL, RFC 5546) only when both are named.
   */
  organizer?: { name: string; email: string };
  attendee?: string;
}

/** RFC 5546 methods: PUBLISH for a file to import, REQUEST for a new or changed entry, CANCEL to remove it. */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** A quoted parameter value (section 3.2): no double quotes, controls or line breaks inside. */
const paramText = (value: string) => `"${value.replace(/["\p{Cc}]/gu, ' ')}"`;

/** 20260309T090000Z: a UTC date-time (RFC 5545 section 3.3.5, form #2). */
export function icsDateTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (section 3.3.11): backslash, semicolon, comma and line breaks. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (section 3.1): continuation lines start with a space, and a
 * multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines carry the leading space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One VEVENT's content lines (unfolded). */
function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    ...(event.sequence !== undefined ? [`SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`] : []),
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.status ? [`STATUS:${event.status}`] : []),
    ...(event.organizer ? [`ORGANIZER;CN=${paramText(event.organizer.name)}:mailto:${event.organizer.email}`] : []),
    ...(event.attendee ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee}`] : []),
    ...(event.alarmMinutesBefore !== undefined
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${icsText(event.summary)}`,
          `TRIGGER:-PT${Math.round(event.alarmMinutesBefore)}M`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
  ];
}

const join = (lines: string[]) => lines.map(foldLine).join('\r\n') + '\r\n';

export function buildIcs(event: CalendarEvent, productId = '-//Galeno//Citas//ES', method: CalendarMethod = 'PUBLISH'): string {
  return join(['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${productId}`, 'CALSCALE:GREGORIAN', `METHOD:${method}`, ...eventLines(event), 'END:VCALENDAR']);
}

/**
 * A calendar of many events that calendar apps subscribe to (a feed): its name, and how often to
 * look again (REFRESH-INTERVAL, RFC 7986, and Outlook's X-PUBLISHED-TTL). Times are in UTC, so no
 * VTIMEZONE is needed; X-WR-TIMEZONE tells apps which zone to show them in.
 */
export function buildCalendar(
  events: CalendarEvent[],
  options: { name: string; timeZone: string; refreshMinutes: number; productId?: string },
): string {
  const refresh = `PT${Math.max(1, Math.round(options.refreshMinutes))}M`;
  return join([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId ?? '-//Galeno//Agenda//ES'}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${icsText(options.name)}`,
    `X-WR-CALNAME:${icsText(options.name)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ]);
}
