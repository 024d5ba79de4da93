// What other modules may use of auth: every import from another module goes through this file.
export { findLoginUser } from './auth.repository.ts';
export { listPasswordResets } from './password-reset.repository.ts';
export { hashToken, publicBaseUrl } from './password-reset.service.ts';
export { endSessionsOf } from './sessions.repository.ts';
export { requestSessions } from './request-sessions.ts';
export { countLinksSince, INVITATION_DAYS, invitationLink, issueInvitation } from './invitation.ts';
