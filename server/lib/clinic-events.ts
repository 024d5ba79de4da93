/**
 * Things one module announces and another acts on, so that the announcer does not import the
 * listener. Today there is one: a slot of a doctor's agenda was freed (a visit cancelled, rejected
 * or moved away), which the waitlist answers by offering it. Listeners run after the announcer's
 * transaction has committed and must not throw into it: each one catches its own errors, as a freed
 * slot is also found by the waitlist's periodic sweep.
 */
export interface ClinicEvents {
  slotFreed: { id_doctor: number };
}

type Listener<Name extends keyof ClinicEvents> = (event: ClinicEvents[Name]) => void;

export interface ClinicEventHub {
  on<Name extends keyof ClinicEvents>(name: Name, listener: Listener<Name>): void;
  emit<Name extends keyof ClinicEvents>(name: Name, event: ClinicEvents[Name]): void;
}

export function createClinicEventHub(): ClinicEventHub {
  const listeners: { [Name in keyof ClinicEvents]: Listener<Name>[] } = { slotFreed: [] };
  return {
    on(name, listener) {
      listeners[name].push(listener);
    },
    emit(name, event) {
      for (const listener of listeners[name]) listener(event);
    },
  };
}
