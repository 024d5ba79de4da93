// What other modules may use of reminders: every import from another module goes through this file.
export type { AppointmentMailRow, AppointmentMailRows } from './appointment-mail-row.ts';
export { appointmentIcs, clinicPlace, eventUid, feedTexts, longDate, visitEnd } from './reminders.mail.ts';
export { calendarContext, notifyDoctorOfBooking, queueRequestNotice } from './reminders.service.ts';
export { countDueOutbox } from './reminders.repository.ts';
