import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { especialidadSchema } from '../../../contracts/doctors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { createSpecialtiesService } from './specialties.service.ts';

export const specialtiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSpecialtiesService(app);

  app.get(
    '/especialidades',
    {
      // Reference data: the doctor registration form and the booking screen both need it.
      config: { access: 'public' },
      schema: {
        tags: ['especialidades'],
        summary: 'The medical specialties, named in the language of Accept-Language',
        response: { 200: z.array(especialidadSchema) },
      },
    },
    async (request) => service.list(requestLanguage(request)),
  );
};
