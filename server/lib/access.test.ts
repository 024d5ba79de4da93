import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages/index.ts';
import { DATABASES, useTestServer } from '../testing/test-server.ts';

/**
 * An account whose role names a profile it does not have (a patient account turned doctor by hand,
 * a doctor's turned patient) is refused its "own" data with 403: in the caller's language, like
 * every other refusal.
 */
describe.each(DATABASES)("the ownership refusals on %s", (kind) => {
  const server = useTestServer(kind);

  it('answer in the language the client asks for (es, ca, en)', async () => {
    const noDoctorProfile = await server.createUser('paciente');
    const noPatientRecord = await server.createUser('doctor');
    await server.database.db.updateTable('usuarios').set({ rol: 'doctor' }).where('id_usuario', '=', noDoctorProfile.id_usuario).execute();
    await server.database.db.updateTable('usuarios').set({ rol: 'paciente' }).where('id_usuario', '=', noPatientRecord.id_usuario).execute();
    for (const language of ['es', 'ca', 'en'] as const) {
      const expected = { code: 'sin_permiso', detail: messages[language].api.sin_permiso };
      const headers = { 'accept-language': `${language};q=1` };
      const asDoctor = await server.request('GET', '/api/medico/consultas', { token: noDoctorProfile.token, headers });
      expect(asDoctor.status, language).toBe(403);
      expect(asDoctor.body, language).toEqual(expected);
      const asPatient = await server.request('GET', '/api/paciente/perfil', { token: noPatientRecord.token, headers });
      expect(asPatient.status, language).toBe(403);
      expect(asPatient.body, language).toEqual(expected);
    }
  });
});
