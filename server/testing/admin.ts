import type { RegistroDoctor } from '../../contracts/doctors.ts';
import type { TestServer, TestUser } from './test-server.ts';

let sequence = 0;

/** A unique nine-digit registration number for this test process. */
export function uniqueColegiado(): string {
  sequence += 1;
  return String(700_000_000 + ((process.pid * 1000 + sequence) % 99_999_999)).padStart(9, '0');
}

/** A valid doctor registration payload; `suffix` keeps usernames and e-mails apart. */
export function doctorPayload(suffix: string, id_especialidad: number, overrides: Partial<RegistroDoctor> = {}): RegistroDoctor {
  return {
    usuario: `doc_${suffix}`,
    email: `doc.${suffix}@example.com`,
    contrasena: 'Doctora123!',
    nombre: 'Elena',
    apellido_1: 'Sánchez',
    apellido_2: 'Ruiz',
    colegiado: uniqueColegiado(),
    id_especialidad,
    ...overrides,
  };
}

/** The id of a specialty of the catalogue, by its code. */
export async function specialtyId(server: TestServer, codigo = 'cardiologia'): Promise<number> {
  const row = await server.database.db
    .selectFrom('especialidades')
    .select('id_especialidad')
    .where('codigo', '=', codigo)
    .executeTakeFirstOrThrow();
  return row.id_especialidad;
}

/** The status of a log-in attempt. */
export async function loginStatus(server: TestServer, usuario: string, contrasena: string): Promise<number> {
  return (await server.request('POST', '/api/login', { body: { usuario, contrasena } })).status;
}

/** Gives a patient an allergy, a piece of their clinical record. */
export async function addAllergy(server: TestServer, patient: TestUser): Promise<number> {
  const row = await server.database.db
    .insertInto('alergias')
    .values({
      id_paciente: patient.id_paciente ?? 0,
      nombre: 'Penicilina',
      fecha_diagnostico: '2020-01-01',
      observaciones: null,
      creado_por: null,
      creado_en: server.clock.now().toISOString(),
    })
    .returning('id_alergia')
    .executeTakeFirstOrThrow();
  return row.id_alergia;
}

/** Gives a doctor one free agenda slot. */
export async function addSlot(server: TestServer, id_doctor: number, fecha = '2026-03-03'): Promise<number> {
  const row = await server.database.db
    .insertInto('agenda')
    .values({ id_doctor, fecha, hora_inicio: '09:00', hora_fin: '09:15', duracion_min: 15, tipo: 'Consulta', estado: 'Disponible', descripcion: null })
    .returning('id_agenda')
    .executeTakeFirstOrThrow();
  return row.id_agenda;
}

/** Sets the personal data the patient list shows. */
export async function setContact(
  server: TestServer,
  user: TestUser,
  fields: { telefono?: string; direccion?: string; codigo_postal?: string; localidad?: string; provincia?: string },
): Promise<void> {
  await server.database.db.updateTable('usuarios').set(fields).where('id_usuario', '=', user.id_usuario).execute();
}
