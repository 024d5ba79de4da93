// What other modules may use of doctors: every import from another module goes through this file.
export { colegiadoTaken, endDoctorProfile, findDoctorInterval, findDoctorOfUser, insertDoctor, setDoctorInterval, updateDoctor } from './doctors.repository.ts';
export { createDoctorsService } from './doctors.service.ts';
