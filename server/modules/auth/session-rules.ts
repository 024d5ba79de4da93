import type { Config } from '../../config.ts';
import type { Rol } from '../../db/schema/index.ts';

/** How long a session may go unused before it ends: staff and patients differ. */
export function idleMinutesFor(config: Config, rol: Rol): number {
  return rol === 'paciente' ? config.sessionIdleMinutes.patient : config.sessionIdleMinutes.staff;
}
