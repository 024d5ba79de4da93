import type { Kysely } from 'kysely';
import { addDays, localDate } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertPatient, insertUser } from '../modules/accounts/index.ts';
import { attachVisitsToConsultations } from '../db/migrations/020-one-agenda.ts';
import type { Database } from '../db/schema/index.ts';
import type { Config } from '../config.ts';
import { keepAgendasOpen } from '../modules/agenda/index.ts';

export interface DemoLogin {
  rol: string;
  usuario: string;
  contrasena: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { rol: 'admin', usuario: 'admin', contrasena: 'Admin1234!' },
  { rol: 'recepcion', usuario: 'recepcion', contrasena: 'Recepcion1234!' },
  { rol: 'doctor', usuario: 'dra.garcia', contrasena: 'Doctor1234!' },
  { rol: 'doctor', usuario: 'dr.puig', contrasena: 'Doctor1234!' },
  { rol: 'paciente', usuario: 'ana.lopez', contrasena: 'Paciente1234!' },
  { rol: 'paciente', usuario: 'jordi.martin', contrasena: 'Paciente1234!' },
];

/** True when the database has no accounts yet (a fresh installation). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * A small demo clinic: an admin, a receptionist, two doctors with weekly hours (their agenda opened
 * from them from yesterday on, holidays closed), and two patients with a medical file, past
 * consultations and appointments. Dates are relative to today.
 */
export async function seedDemoClinic(db: Kysely<Database>, now: Date, config: Config): Promise<DemoLogin[]> {
  const today = localDate(now, config.timeZone);
  const yesterday = addDays(today, -1);
  const stamp = now.toISOString();
  const [adminHash, receptionHash, doctorHash, patientHash] = await Promise.all([
    hashPassword('Admin1234!'),
    hashPassword('Recepcion1234!'),
    hashPassword('Doctor1234!'),
    hashPassword('Paciente1234!'),
  ]);
  const specialty = async (trx: Kysely<Database>, codigo: string) =>
    (
      await trx
        .selectFrom('especialidades')
        .select('id_especialidad')
        .where('codigo', '=', codigo)
        .executeTakeFirstOrThrow()
    ).id_especialidad;

  const doctors: { id_doctor: number; interval: number }[] = [];
  await db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      nombre_usuario: 'admin',
      correo: 'admin@example.es',
      contrasena_hash: adminHash,
      rol: 'admin',
      nombre: 'Marta',
      apellido1: 'Serrano',
      apellido2: 'Vidal',
      creado_en: stamp,
    });
    await insertUser(trx, {
      nombre_usuario: 'recepcion',
      correo: 'recepcion@example.es',
      contrasena_hash: receptionHash,
      rol: 'recepcion',
      nombre: 'Nuria',
      apellido1: 'Casas',
      apellido2: 'Ferrer',
      creado_en: stamp,
    });

    for (const d of [
      {
        usuario: 'dra.garcia',
        correo: 'laura.garcia@example.es',
        nombre: 'Laura',
        a1: 'García',
        a2: 'Romero',
        sexo: 'F' as const,
        colegiado: '280412345',
        esp: 'medicina-familiar',
        interval: 15,
        horario: 'L-V 09:00-14:00',
      },
      {
        usuario: 'dr.puig',
        correo: 'pere.puig@example.es',
        nombre: 'Pere',
        a1: 'Puig',
        a2: 'Soler',
        sexo: 'M' as const,
        colegiado: '080398765',
        esp: 'cardiologia',
        interval: 30,
        horario: 'L-V 09:00-14:00, 16:00-19:00',
      },
    ]) {
      const id_usuario = await insertUser(trx, {
        nombre_usuario: d.usuario,
        correo: d.correo,
        contrasena_hash: doctorHash,
        rol: 'doctor',
        nombre: d.nombre,
        apellido1: d.a1,
        apellido2: d.a2,
        creado_en: stamp,
      });
      // So the audit reads 'La Dra. Laura García consultó…'.
      await trx.updateTable('usuarios').set({ sexo: d.sexo }).where('id_usuario', '=', id_usuario).execute();
      const { id_doctor } = await trx
        .insertInto('doctores')
        .values({
          id_usuario,
          numero_colegiado: d.colegiado,
          id_especialidad: await specialty(trx, d.esp),
          horario: d.horario,
          estado: 'Activo',
          fecha_alta: addDays(today, -400),
          fecha_baja: null,
          creado_automaticamente: 0,
          intervalo_min: d.interval,
        })
        .returning('id_doctor')
        .executeTakeFirstOrThrow();
      doctors.push({ id_doctor, interval: d.interval });
    }

    // Each doctor's weekly hours, from yesterday on: the agenda is opened from them below, like any
    // clinic's, so holidays and closures stay closed.
    for (const { id_doctor, interval } of doctors) {
      const ranges: [string, string][] = interval === 30 ? [['09:00', '14:00'], ['16:00', '19:00']] : [['09:00', '14:00']];
      await trx.insertInto('horarios_vigencias').values({ id_doctor, vigente_desde: yesterday }).execute();
      await trx
        .insertInto('horarios_semanales')
        .values(
          [1, 2, 3, 4, 5].flatMap((dia_semana) =>
            ranges.map(([hora_inicio, hora_fin]) => ({
              id_doctor,
              dia_semana,
              hora_inicio,
              hora_fin,
              duracion_min: interval,
              vigente_desde: yesterday,
            })),
          ),
        )
        .execute();
    }
  });
  await keepAgendasOpen({ db, config, clock: { now: () => now } }, yesterday);

  await db.transaction().execute(async (trx) => {
    const patients: number[] = [];
    for (const p of [
      {
        usuario: 'ana.lopez',
        correo: 'ana.lopez@example.com',
        nombre: 'Ana',
        a1: 'López',
        a2: 'Ferrer',
        dni: '12345678Z',
        nacimiento: '1985-04-12',
        sexo: 'F' as const,
        telefono: '+34612345678',
        direccion: 'Carrer de Mallorca 120',
        cp: '08036',
        localidad: 'Barcelona',
        provincia: 'Barcelona',
      },
      {
        usuario: 'jordi.martin',
        correo: 'jordi.martin@example.com',
        nombre: 'Jordi',
        a1: 'Martín',
        a2: null,
        dni: '87654321X',
        nacimiento: '1972-11-30',
        sexo: 'M' as const,
        telefono: null,
        direccion: null,
        cp: null,
        localidad: null,
        provincia: null,
      },
    ]) {
      const id_usuario = await insertUser(trx, {
        nombre_usuario: p.usuario,
        correo: p.correo,
        contrasena_hash: patientHash,
        rol: 'paciente',
        nombre: p.nombre,
        apellido1: p.a1,
        apellido2: p.a2,
        creado_en: stamp,
      });
      await trx
        .updateTable('usuarios')
        .set({
          dni: p.dni,
          nacimiento: p.nacimiento,
          sexo: p.sexo,
          telefono: p.telefono,
          direccion: p.direccion,
          codigo_postal: p.cp,
          localidad: p.localidad,
          provincia: p.provincia,
          pais: p.provincia ? 'España' : null,
        })
        .where('id_usuario', '=', id_usuario)
        .execute();
      patients.push(await insertPatient(trx, id_usuario, addDays(today, -200)));
    }
    const [ana, jordi] = patients as [number, number];
    const [garcia, puig] = doctors as [(typeof doctors)[number], (typeof doctors)[number]];

    const entry = { creado_por: null, creado_en: stamp };
    await trx
      .insertInto('alergias')
      .values([
        {
          id_paciente: ana,
          nombre: 'Penicilina',
          fecha_diagnostico: '2010-03-02',
          observaciones: 'Urticaria generalizada',
          ...entry,
        },
        {
          id_paciente: ana,
          nombre: 'Polen de gramíneas',
          fecha_diagnostico: '2015-05-20',
          observaciones: null,
          ...entry,
        },
      ])
      .execute();
    await trx
      .insertInto('enfermedades')
      .values([
        {
          id_paciente: ana,
          nombre: 'Asma leve intermitente',
          tipo: 'Crónica',
          fecha_diagnostico: '2015-06-01',
          observaciones: 'Salbutamol a demanda',
          activa: 1,
          ...entry,
        },
        {
          id_paciente: jordi,
          nombre: 'Hipertensión arterial',
          tipo: 'Crónica',
          fecha_diagnostico: '2019-09-15',
          observaciones: null,
          activa: 1,
          ...entry,
        },
      ])
      .execute();
    await trx
      .insertInto('habitos')
      .values([
        {
          id_paciente: jordi,
          nombre: 'Tabaco',
          frecuencia: '10 cigarrillos/día',
          duracion: '20 años',
          observaciones: 'Quiere dejarlo',
          ...entry,
        },
      ])
      .execute();
    await trx
      .insertInto('vacunas')
      .values([
        {
          id_paciente: ana,
          nombre: 'Gripe estacional',
          fecha_aplicacion: addDays(today, -50),
          dosis: 'Única',
          descripcion: null,
          ...entry,
        },
        {
          id_paciente: ana,
          nombre: 'Tétanos-difteria',
          fecha_aplicacion: '2018-02-10',
          dosis: 'Recuerdo',
          descripcion: null,
          ...entry,
        },
      ])
      .execute();

    // Jordi's follow-up: 17:00 on Dr. Puig's first open day three days or more from now.
    const followUp = (
      await trx
        .selectFrom('agenda')
        .select('fecha')
        .where('id_doctor', '=', puig.id_doctor)
        .where('fecha', '>=', addDays(today, 3))
        .where('hora_inicio', '=', '17:00')
        .where('estado', '=', 'Disponible')
        .orderBy('fecha')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).fecha;
    await trx
      .insertInto('consultas')
      .values([
        {
          id_paciente: ana,
          id_doctor: garcia.id_doctor,
          id_cita: null,
          fecha: addDays(today, -90),
          hora: '10:00',
          tipo: 'Consulta',
          motivo: 'Tos persistente',
          descripcion: 'Tos seca de tres semanas',
          diagnostico: 'Bronquitis aguda',
          recomendaciones: 'Hidratación, reposo relativo y control en 15 días',
          estado: 'finalizada',
          creado_en: stamp,
          finalizada_en: stamp,
        },
        {
          id_paciente: ana,
          id_doctor: garcia.id_doctor,
          id_cita: null,
          fecha: addDays(today, -75),
          hora: '09:30',
          tipo: 'Revisión',
          motivo: 'Control de bronquitis',
          descripcion: 'Evolución favorable',
          diagnostico: 'Resuelta',
          recomendaciones: 'Alta',
          estado: 'finalizada',
          creado_en: stamp,
          finalizada_en: stamp,
        },
        {
          id_paciente: jordi,
          id_doctor: puig.id_doctor,
          id_cita: null,
          fecha: addDays(today, -30),
          hora: '16:30',
          tipo: 'Consulta',
          motivo: 'Control de tensión arterial',
          descripcion: 'Cifras de 150/95 en domicilio',
          diagnostico: 'Hipertensión no controlada',
          recomendaciones: 'Ajuste de dieta y nuevo control',
          estado: 'finalizada',
          creado_en: stamp,
          finalizada_en: stamp,
        },
        {
          id_paciente: jordi,
          id_doctor: puig.id_doctor,
          id_cita: null,
          fecha: followUp,
          hora: '17:00',
          tipo: 'Revisión',
          motivo: 'Revisión de tensión',
          descripcion: null,
          diagnostico: null,
          recomendaciones: null,
          estado: 'pendiente',
          creado_en: stamp,
          finalizada_en: null,
        },
      ])
      .execute();

    // Each consultation occupies its doctor's agenda like any visit.
    await attachVisitsToConsultations(trx);

    // One pending request and one confirmed visit on the first weekday slots after today.
    const book = async (
      id_paciente: number,
      id_doctor: number,
      estado: 'pendiente' | 'Confirmada',
      motivo: string,
      skip: number,
    ) => {
      const slot = await trx
        .selectFrom('agenda')
        .selectAll()
        .where('id_doctor', '=', id_doctor)
        .where('fecha', '>', today)
        .where('estado', '=', 'Disponible')
        .orderBy('fecha')
        .orderBy('hora_inicio')
        .offset(skip)
        .limit(1)
        .executeTakeFirstOrThrow();
      await trx.updateTable('agenda').set({ estado: 'Reservado' }).where('id_agenda', '=', slot.id_agenda).execute();
      await trx
        .insertInto('citas')
        .values({
          id_paciente,
          id_doctor,
          id_agenda: slot.id_agenda,
          fecha: slot.fecha,
          hora: slot.hora_inicio,
          motivo,
          recordatorio: 0,
          estado,
          creado_en: stamp,
          actualizado_en: stamp,
        })
        .execute();
    };
    await book(ana, garcia.id_doctor, 'pendiente', 'Dolor lumbar desde hace una semana', 2);
    await book(jordi, garcia.id_doctor, 'Confirmada', 'Renovación de receta', 5);
  });
  return DEMO_LOGINS;
}
