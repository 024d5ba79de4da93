// What other modules may use of reminders: every import from another module goes through this file.
export type { AppointmentMailRow, AppointmentMailRows } from './appointment-mail-row.ts';
export { appointmentIcs, clinicPlace, eventUid, feedTexts, longDate, visitEnd } from './reminders.mail.ts';
export { calendarContext, moveReminder, notifyDoctorOfBooking, notifyDoctorOfMove, notifyDoctorsOfPatientLeaving, notifyPatientOfDoctorCancellation, notifyPatientsOfCancellation, queueRequestNotice, scheduleReminder } from './reminders.service.ts';
export { cancelPendingReminder, countDueOutbox } from './reminders.repository.ts';
