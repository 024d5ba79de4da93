import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema/index.ts';
import type { RequestSessions } from '../../plugins/auth.ts';
import { hasActiveSecondFactor } from './second-factor.repository.ts';
import { idleMinutesFor } from './session-rules.ts';
import { endSession, findRequestUser, touchSession } from './sessions.repository.ts';

/** The session reads and writes the auth plugin makes on every request, over this module's tables. */
export function requestSessions(db: Kysely<Database>, config: Config): RequestSessions {
  return {
    find: (id_usuario, id_sesion) => findRequestUser(db, id_usuario, id_sesion),
    touch: (id_sesion, now) => touchSession(db, id_sesion, now),
    endIdle: (id_sesion, now) => endSession(db, id_sesion, 'inactividad', now),
    idleMinutes: (rol) => idleMinutesFor(config, rol),
    hasActiveSecondFactor: (id_usuario) => hasActiveSecondFactor(db, id_usuario),
  };
}
