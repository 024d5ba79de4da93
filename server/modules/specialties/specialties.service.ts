import type { FastifyInstance } from 'fastify';
import type { Especialidad } from '../../../contracts/doctors.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { listSpecialties } from './specialties.repository.ts';

export function createSpecialtiesService(app: FastifyInstance) {
  return {
    /** The catalogue in alphabetical order of the language asked for. */
    async list(language: Language): Promise<Especialidad[]> {
      const collator = new Intl.Collator(language);
      return (await listSpecialties(app.db, language)).sort((a, b) => collator.compare(a.nombre, b.nombre));
    },
  };
}
