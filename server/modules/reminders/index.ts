// What other modules may use of reminders: every import from another module goes through this file.
export { appointmentIcs, clinicPlace, eventUid, feedTexts, longDate } from './reminders.mail.ts';
export { calendarContext, moveReminder, notifyDoctorOfBooking, notifyDoctorOfMove, notifyDoctorsOfPatientLeaving, notifyPatientOfDoctorCancellation, notifyPatientsOfCancellation, queueRequestNotice, scheduleReminder } from './reminders.service.ts';
export { cancelPendingReminder, countDueOutbox } from './reminders.repository.ts';
