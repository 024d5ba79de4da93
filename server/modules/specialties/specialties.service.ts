import type { FastifyInstance } from 'fastify';
import type { Especialidad } from '../../../contracts/doctors.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { listSpecialties } from './specialties.repository.ts';

// Built once per language: a new Intl object per request costs ICU memory outside the JavaScript
// heap (see reminders.mail.ts, longDate).
const collators = new Map<Language, Intl.Collator>();

export function createSpecialtiesService(app: FastifyInstance) {
  return {
    /** The catalogue in alphabetical order of the language asked for. */
    async list(language: Language): Promise<Especialidad[]> {
      let collator = collators.get(language);
      if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
      return (await listSpecialties(app.db, language)).sort((a, b) => collator.compare(a.nombre, b.nombre));
    },
  };
}
