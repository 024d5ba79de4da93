import zlib from 'node:zlib';
import type { TipoConsulta } from '../db/schema/index.ts';
import type { TestServer } from './test-server.ts';

/** Test helpers of the patient area: clinical data, consultations, appointments, PDF text. */

export async function addConsultation(
  server: TestServer,
  values: {
    id_paciente: number;
    id_doctor: number;
    fecha: string;
    hora?: string;
    tipo?: TipoConsulta;
    motivo?: string;
    descripcion?: string | null;
    diagnostico?: string | null;
    recomendaciones?: string | null;
    estado?: 'pendiente' | 'confirmada' | 'finalizada';
  },
): Promise<number> {
  const row = await server.database.db
    .insertInto('consultas')
    .values({
      id_paciente: values.id_paciente,
      id_doctor: values.id_doctor,
      id_cita: null,
      fecha: values.fecha,
      hora: values.hora ?? '10:00',
      tipo: values.tipo ?? 'Consulta',
      motivo: values.motivo ?? 'Revisión general',
      descripcion: values.descripcion ?? null,
      diagnostico: values.diagnostico ?? null,
      recomendaciones: values.recomendaciones ?? null,
      estado: values.estado ?? 'finalizada',
      creado_en: server.clock.now().toISOString(),
      finalizada_en: null,
    })
    .returning('id_consulta')
    .executeTakeFirstOrThrow();
  return row.id_consulta;
}

/** An agenda slot and an appointment on it. */
export async function addAppointment(
  server: TestServer,
  values: { id_paciente: number; id_doctor: number; fecha: string; hora: string; estado?: 'pendiente' | 'Confirmada' | 'Cancelada'; motivo?: string },
): Promise<number> {
  const db = server.database.db;
  const slot = await db
    .insertInto('agenda')
    .values({
      id_doctor: values.id_doctor,
      fecha: values.fecha,
      hora_inicio: values.hora,
      hora_fin: values.hora,
      duracion_min: 15,
      tipo: 'Consulta',
      estado: values.estado === 'Cancelada' ? 'Disponible' : 'Reservado',
      descripcion: null,
    })
    .returning('id_agenda')
    .executeTakeFirstOrThrow();
  const stamp = server.clock.now().toISOString();
  const row = await db
    .insertInto('citas')
    .values({
      id_paciente: values.id_paciente,
      id_doctor: values.id_doctor,
      id_agenda: slot.id_agenda,
      fecha: values.fecha,
      hora: values.hora,
      motivo: values.motivo ?? 'Dolor de cabeza',
      recordatorio: 0,
      estado: values.estado ?? 'Confirmada',
      creado_en: stamp,
      actualizado_en: stamp,
    })
    .returning('id_cita')
    .executeTakeFirstOrThrow();
  return row.id_cita;
}

/** A small medical file: one row in each section but disabilities (left empty on purpose). */
export async function addMedicalFile(server: TestServer, id_paciente: number): Promise<void> {
  const db = server.database.db;
  const entry = { id_paciente, creado_por: null, creado_en: server.clock.now().toISOString() };
  await db.insertInto('alergias').values({ ...entry, nombre: 'Penicilina', fecha_diagnostico: '2010-03-02', observaciones: 'Urticaria' }).execute();
  await db
    .insertInto('enfermedades')
    .values([
      { ...entry, nombre: 'Asma', tipo: 'Crónica', fecha_diagnostico: '2015-06-01', observaciones: null, activa: 1 },
      { ...entry, nombre: 'Varicela', tipo: 'Aguda', fecha_diagnostico: '1990-01-01', observaciones: null, activa: 0 },
    ])
    .execute();
  await db.insertInto('habitos').values({ ...entry, nombre: 'Tabaco', frecuencia: 'Diario', duracion: '5 años', observaciones: null }).execute();
  await db.insertInto('vacunas').values({ ...entry, nombre: 'Gripe', fecha_aplicacion: '2025-11-01', dosis: 'Única', descripcion: null }).execute();
}

/**
 * The text a PDF shows, good enough for assertions: every content stream inflated, the strings of
 * its text operators decoded (pdfkit writes standard-font text as hex WinAnsi strings).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const pieces: string[] = [];
  // Each stream is cut by its /Length (compressed bytes may hold anything, "endstream" too).
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const array of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hexes = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'));
      pieces.push(hexes.join(''));
    }
  }
  return pieces.join('\n');
}
