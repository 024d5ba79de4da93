// What other modules may use of notices: every import from another module goes through this file.
export type { ChangeActor, VisitChange } from './notice-data.ts';
export { forgetInNotices } from './forget.repository.ts';
export { dropVisitReminders, recordVisitChange, sendNoticesSoon } from './notices.service.ts';
export { ONE_TAP_ACTIONS, oneTapKey, readOneTap, signOneTap, verifyOneTap, type OneTapAction } from './one-tap-token.ts';
export { countNoticeQueue, type NoticeQueueCounts } from './notices.repository.ts';
