import type { GalenoMigration } from './types.ts';
import { initialSchema } from './001-initial-schema.ts';
import { specialtiesCatalogue } from './002-specialties-catalogue.ts';
import { userSearchIndex } from './010-user-search-index.ts';
import { clinicIdentity } from './012-clinic-identity.ts';
import { oneAgenda } from './020-one-agenda.ts';
import { breakTheGlass } from './054-break-the-glass.ts';
import { calendarFeeds } from './022-calendar-feeds.ts';
import { groupedRequestNotices } from './021-grouped-request-notices.ts';
import { homeFigures } from './030-home-figures.ts';
import { oneIdentity } from './051-one-identity.ts';
import { passwordResets } from './050-password-resets.ts';
import { secondFactor } from './053-second-factor.ts';
import { sessions } from './052-sessions.ts';
import { visitSequence } from './023-visit-sequence.ts';
import { patientSearchCount } from './080-patient-search-count.ts';
import { activeAccountCounts } from './081-active-account-counts.ts';
import { doctorNoticeTimes } from './083-doctor-notice-times.ts';
import { patientListCoveringIndex } from './082-patient-list-covering-index.ts';
import { patientDni } from './084-patient-dni.ts';
import { activeAccountsInIdOrder } from './085-active-accounts-in-id-order.ts';
import { weeklyHoursVersions } from './090-weekly-hours-versions.ts';
import { visitTypes } from './095-visit-types.ts';
import { calendarLinksFollowTheAccount } from './102-calendar-links-follow-the-account.ts';
import { signupAddressAndNoShowDisputes } from './103-signup-address-and-no-show-disputes.ts';
import { breakTheGlassAlerts } from './104-break-the-glass-alerts.ts';
import { reminderPlan } from './105-reminder-plan.ts';
import { remindersAsNotices } from './106-reminders-as-notices.ts';
import { phonesInE164 } from './107-phones-in-e164.ts';
import { waitlistVisitType } from './110-waitlist-visit-type.ts';
import { weeklyHours } from './024-weekly-hours.ts';
import { absences } from './025-absences.ts';
import { waitlist } from './027-waitlist.ts';
import { waitlistOffers } from './028-waitlist-offers.ts';
import { bookingRules } from './013-booking-rules.ts';
import { noShows } from './026-no-shows.ts';
import { receptionRole } from './060-reception-role.ts';
import { sessionSecondFactor } from './055-session-second-factor.ts';
import { deskPatientSearch } from './061-desk-patient-search.ts';
import { deskCapOverride } from './063-desk-cap-override.ts';
import { theDayAtTheDesk } from './062-the-day-at-the-desk.ts';
import { clinicClosures } from './064-clinic-closures.ts';
import { visitNotices } from './070-visit-notices.ts';
import { smsOptOuts } from './071-sms-opt-outs.ts';
import { oneTapLinks } from './072-one-tap-links.ts';

/**
 * Every migration, in order. Names are permanent once released: add new ones at the end.
 * Number ranges are reserved per area to keep parallel work apart:
 * 010-019 administration, 020-029 agenda, 030-039 patient area, 040-049 chat, 050-059 trust,
 * 060-069 front desk, 080-089 performance.
 */
export const migrations: Record<string, GalenoMigration> = {
  '001-initial-schema': initialSchema,
  '002-specialties-catalogue': specialtiesCatalogue,
  '010-user-search-index': userSearchIndex,
  '012-clinic-identity': clinicIdentity,
  '013-booking-rules': bookingRules,
  '020-one-agenda': oneAgenda,
  '021-grouped-request-notices': groupedRequestNotices,
  '022-calendar-feeds': calendarFeeds,
  '023-visit-sequence': visitSequence,
  '024-weekly-hours': weeklyHours,
  '025-absences': absences,
  '026-no-shows': noShows,
  '027-waitlist': waitlist,
  '028-waitlist-offers': waitlistOffers,
  '030-home-figures': homeFigures,
  '050-password-resets': passwordResets,
  '051-one-identity': oneIdentity,
  '052-sessions': sessions,
  '053-second-factor': secondFactor,
  '054-break-the-glass': breakTheGlass,
  '055-session-second-factor': sessionSecondFactor,
  '060-reception-role': receptionRole,
  '061-desk-patient-search': deskPatientSearch,
  '062-the-day-at-the-desk': theDayAtTheDesk,
  '063-desk-cap-override': deskCapOverride,
  '064-clinic-closures': clinicClosures,
  '070-visit-notices': visitNotices,
  '071-sms-opt-outs': smsOptOuts,
  '072-one-tap-links': oneTapLinks,
  '080-patient-search-count': patientSearchCount,
  '081-active-account-counts': activeAccountCounts,
  '082-patient-list-covering-index': patientListCoveringIndex,
  '083-doctor-notice-times': doctorNoticeTimes,
  '084-patient-dni': patientDni,
  '085-active-accounts-in-id-order': activeAccountsInIdOrder,
  '090-weekly-hours-versions': weeklyHoursVersions,
  '095-visit-types': visitTypes,
  '102-calendar-links-follow-the-account': calendarLinksFollowTheAccount,
  '103-signup-address-and-no-show-disputes': signupAddressAndNoShowDisputes,
  '104-break-the-glass-alerts': breakTheGlassAlerts,
  '105-reminder-plan': reminderPlan,
  '106-reminders-as-notices': remindersAsNotices,
  '107-phones-in-e164': phonesInE164,
  '110-waitlist-visit-type': waitlistVisitType,
};
