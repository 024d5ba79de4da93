/** Every read of the clinic's calendar (closures, holidays) reloads when one of them changes. */
export const clinicCalendarKeys = { all: ['clinica', 'calendario'] as const };
