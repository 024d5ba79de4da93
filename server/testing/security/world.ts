import { sessionToken } from '../session-token.ts';
import type { Role } from '../../../contracts/roles.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { addMinutes } from '../../lib/slots.ts';
import { deleteSecondFactor } from '../../modules/auth/second-factor.repository.ts';
import { insertChat } from '../../modules/chat/chat.repository.ts';
import { addAppointment, addConsultation } from '../patients.ts';
import { TEST_PASSWORD, type TestServer, type TestUser } from '../test-server.ts';

/** Who asks: nobody, the owner of the data, someone of the same role who is not, and an admin. */
export const ACTORS = ['anonymous', 'patient', 'otherPatient', 'doctor', 'otherDoctor', 'admin', 'reception'] as const;
export type ActorName = (typeof ACTORS)[number];
export type Member = Exclude<ActorName, 'anonymous'>;

/** A small PDF, recognised by its first bytes. */
/** The smallest PNG (1 x 1 pixel): a logo the clinic screen accepts. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_BYTES = Buffer.concat([
  Buffer.from('%PDF-1.4\n% informe\n'),
  Buffer.alloc(200, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

/** A multipart body with one file in the field `archivo`, as the upload screens send it. */
export function multipartFile(
  filename: string,
  bytes: Buffer,
  field = 'archivo',
): { payload: Buffer; contentType: string } {
  const boundary = `galeno${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The clinical data of `patient` that nobody but them and the doctor who treats them may see:
 * none of these strings may appear in an answer to another patient, another doctor, an admin or
 * an anonymous caller.
 */
export const SECRETS = {
  allergy: 'AlergiaSecretaZ9',
  diagnosis: 'DiagnosticoSecretoZ9',
  appointment: 'MotivoSecretoZ9',
  chat: 'PreguntaSecretaZ9',
  file: 'informe-secreto-z9.pdf',
} as const;

export interface World {
  server: TestServer;
  users: Record<Member, TestUser>;
  /** Things `patient` owns, made once: read-only rows use these. */
  own: { chat: number; file: number; consultation: number; appointment: number };
  /** Fresh things for rows that change or delete what they touch (each cell gets its own). */
  fresh: {
    slot(estado?: 'Disponible' | 'Bloqueado'): Promise<{ id_agenda: number; fecha: string; hora: string }>;
    pendingAppointment(): Promise<number>;
    pendingConsultation(): Promise<number>;
    entry(section: string, owner?: 'patient' | 'otherPatient'): Promise<number>;
    chat(): Promise<number>;
    file(): Promise<number>;
    user(rol?: Role): Promise<TestUser>;
  };
  /** Tokens by actor (none for anonymous); valid again after `restore`. */
  token(actor: ActorName): string | undefined;
  /** Undoes what a row did to the actors' accounts: passwords back, second factors off, fresh tokens after a logout. */
  restore(): Promise<void>;
}

let slotSequence = 0;

/** Builds the world once per server: two patients, two doctors (one treats `patient`), an admin. */
export async function buildWorld(server: TestServer): Promise<World> {
  const db = server.database.db;
  const users: Record<Member, TestUser> = {
    patient: await server.createUser('paciente', { nombre: 'Paula' }),
    otherPatient: await server.createUser('paciente', { nombre: 'Otilia' }),
    doctor: await server.createUser('doctor', { nombre: 'Daniel' }),
    otherDoctor: await server.createUser('doctor', { nombre: 'Olga' }),
    admin: await server.createUser('admin', { nombre: 'Ada' }),
    reception: await server.createUser('recepcion', { nombre: 'Rita' }),
  };
  const { patient, doctor } = users;
  const id_paciente = patient.id_paciente!;
  const id_doctor = doctor.id_doctor!;
  const now = () => server.clock.now().toISOString();

  // `doctor` treats `patient`: a finished consultation and an upcoming appointment.
  const consultation = await addConsultation(server, {
    id_paciente,
    id_doctor,
    fecha: '2026-02-20',
    diagnostico: SECRETS.diagnosis,
    motivo: 'Revisión anual',
  });
  const appointment = await addAppointment(server, {
    id_paciente,
    id_doctor,
    fecha: '2026-03-20',
    hora: '12:00',
    motivo: SECRETS.appointment,
  });
  await db
    .insertInto('alergias')
    .values({
      id_paciente,
      nombre: SECRETS.allergy,
      fecha_diagnostico: '2020-01-01',
      observaciones: null,
      creado_por: null,
      creado_en: now(),
    })
    .execute();

  const tokens = new Map<ActorName, string>(
    Object.entries(users).map(([name, user]) => [name as ActorName, user.token]),
  );

  async function inject(
    method: string,
    url: string,
    token: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await server.app.inject({
      method: method as 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json<Record<string, unknown>>();
  }

  async function uploadFile(name: string): Promise<number> {
    const { payload, contentType } = multipartFile(name, PDF_BYTES);
    const body = await inject('POST', '/api/paciente/archivos', tokens.get('patient')!, payload, {
      'content-type': contentType,
    });
    return Number(body.id_archivo);
  }

  async function newChat(question: string): Promise<number> {
    const body = await inject('POST', '/api/chat/completions', tokens.get('patient')!, {
      messages: [{ role: 'user', content: question }],
    });
    return Number(body.id_chat);
  }

  const own = { chat: await newChat(SECRETS.chat), file: await uploadFile(SECRETS.file), consultation, appointment };

  const passwordHash = await hashPassword(TEST_PASSWORD);

  const SECTION_ROWS: Record<string, Record<string, unknown>> = {
    alergias: { nombre: 'Polen', fecha_diagnostico: null, observaciones: null },
    enfermedades: { nombre: 'Asma', tipo: null, fecha_diagnostico: null, observaciones: null, activa: 1 },
    discapacidades: { tipo: 'Visual', porcentaje: 10, fecha_diagnostico: null, descripcion: null },
    habitos: { nombre: 'Deporte', frecuencia: null, duracion: null, observaciones: null },
    vacunas: { nombre: 'Tétanos', fecha_aplicacion: null, dosis: null, descripcion: null },
  };
  const ID_COLUMN: Record<string, string> = {
    alergias: 'id_alergia',
    enfermedades: 'id_enfermedad',
    discapacidades: 'id_discapacidad',
    habitos: 'id_habito',
    vacunas: 'id_vacuna',
  };

  const fresh: World['fresh'] = {
    async slot(estado = 'Disponible') {
      // Each call gets a slot of its own on a future day, so rows never collide.
      slotSequence += 1;
      const day = 10 + Math.floor(slotSequence / 40);
      const fecha = `2026-04-${String(day).padStart(2, '0')}`;
      const hora = addMinutes('08:00', (slotSequence % 40) * 15);
      const row = await db
        .insertInto('agenda')
        .values({
          id_doctor,
          fecha,
          hora_inicio: hora,
          hora_fin: addMinutes(hora, 15),
          duracion_min: 15,
          tipo: estado === 'Bloqueado' ? 'Bloqueo' : 'Consulta',
          estado,
          descripcion: null,
        })
        .returning('id_agenda')
        .executeTakeFirstOrThrow();
      return { id_agenda: row.id_agenda, fecha, hora };
    },
    async pendingAppointment() {
      slotSequence += 1;
      return addAppointment(server, {
        id_paciente,
        id_doctor,
        // A day per 40 calls, so a slot time is never used twice.
        fecha: `2026-05-${String(4 + Math.floor(slotSequence / 40)).padStart(2, '0')}`,
        hora: addMinutes('08:00', (slotSequence % 40) * 15),
        estado: 'pendiente',
      });
    },
    // Its time (08:30) has begun at the clinic's clock (09:00): it may be completed.
    pendingConsultation: () =>
      addConsultation(server, { id_paciente, id_doctor, fecha: '2026-03-02', hora: '08:30', estado: 'pendiente' }),
    async entry(section, owner = 'patient') {
      const values = {
        id_paciente: users[owner].id_paciente!,
        creado_por: null,
        creado_en: now(),
        ...SECTION_ROWS[section],
      };
      const row = (await db
        .insertInto(section as 'alergias')
        .values(values as never)
        .returning(ID_COLUMN[section] as 'id_alergia')
        .executeTakeFirstOrThrow()) as Record<string, number>;
      return Number(Object.values(row)[0]);
    },
    // Straight into the database: the assistant's per-user rate limit is not what this is about.
    chat: async () => (await insertChat(db, patient.id_usuario, 'Consulta', now())).id_chat,
    file: () => uploadFile('otro-informe.pdf'),
    user: (rol = 'paciente') => server.createUser(rol),
  };

  return {
    server,
    users,
    own,
    fresh,
    token: (actor) => (actor === 'anonymous' ? undefined : tokens.get(actor)),
    async restore() {
      for (const [name, user] of Object.entries(users) as [Member, TestUser][]) {
        await db
          .updateTable('usuarios')
          .set({ contrasena_hash: passwordHash })
          .where('id_usuario', '=', user.id_usuario)
          .execute();
        await deleteSecondFactor(db, user.id_usuario);
        const token = await sessionToken(server.app, {
          id_usuario: user.id_usuario,
          id_paciente: user.id_paciente,
          id_doctor: user.id_doctor,
          nombre: 'Nombre',
          nombre_usuario: user.usuario,
          rol: user.rol,
        });
        tokens.set(name, token);
      }
    },
  };
}

/**
 * Cancels the patient's upcoming visits other than `own.appointment`, so that the booking caps
 * never answer instead of the access rule.
 */
export async function cancelOtherVisits(w: World): Promise<void> {
  await w.server.database.db
    .updateTable('citas')
    .set({ estado: 'Cancelada' })
    .where('id_paciente', '=', w.users.patient.id_paciente as number)
    .where('id_cita', '<>', w.own.appointment)
    .where('estado', 'in', ['pendiente', 'Confirmada'])
    .execute();
}

/** A new absence of the world's doctor far ahead (it closes nothing the rows use); its id. */
export async function freshAbsence(w: World): Promise<number> {
  const row = await w.server.database.db
    .insertInto('ausencias')
    .values({
      id_doctor: w.users.doctor.id_doctor as number,
      fecha_inicio: '2026-12-28',
      fecha_fin: '2026-12-28',
      hora_inicio: null,
      hora_fin: null,
      motivo: 'Congreso',
      creado_en: new Date().toISOString(),
    })
    .returning('id_ausencia')
    .executeTakeFirstOrThrow();
  return row.id_ausencia;
}
