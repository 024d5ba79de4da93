import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import { MAX_ARCHIVO_BYTES, type Archivo } from '../../../contracts/files.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { ownPatientId } from '../../lib/access.ts';
import { fail } from '../../lib/errors.ts';
import type { Actor, Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { doctorAppointments } from '../appointments/index.ts';
import { hasEmergencyAccess } from '../break-the-glass/index.ts';
import { attachmentDisposition, attachmentName, detectFileType, EXTENSION } from '../../lib/file-type.ts';
import {
  attachmentBytes,
  deleteAttachment,
  downloadUrl,
  findAttachment,
  insertAttachment,
  listAttachments,
  lockPatientAttachments,
} from './files.repository.ts';
import type { AttachmentStore } from './storage.ts';

/** The uploaded file as the route read it; reading may fail with multipart's errors. */
export type ReadUpload = () => Promise<{ filename: string; bytes: Buffer } | undefined>;

export function createFilesService(app: FastifyInstance, store: AttachmentStore) {
  const { db, clock } = app;

  const audit = (actor: Actor, caller: Caller, accion: AccionAuditoria, id_paciente: number, detalle?: string) =>
    writeAudit(db, actorAudit(actor, caller.address, clock.now().toISOString(), { accion, id_paciente, detalle: detalle ?? null }));

  /** A doctor attends the patient, or opened their record by breaking the glass (an account without a doctor profile attends nobody). */
  async function mayOpen(actor: Actor, id_paciente: number): Promise<'treats' | 'urgent' | false> {
    const id_doctor = actor.id_doctor;
    if (id_doctor === null) return false;
    if (await doctorAppointments(db, id_doctor).treats(id_paciente)) return 'treats';
    return (await hasEmergencyAccess(db, id_doctor, id_paciente, clock.now().toISOString())) ? 'urgent' : false;
  }

  /** What a doctor does under break the glass is marked so in the audit (the patient sees it). */
  async function detailFor(actor: Actor, id_paciente: number, detalle: string): Promise<string> {
    return actor.rol === 'doctor' && (await mayOpen(actor, id_paciente)) === 'urgent' ? `${detalle} (acceso urgente)` : detalle;
  }

  /** The patient whose attachments a doctor asks for: one they attend, else 403. */
  async function attendedPatient(actor: Actor, id_paciente: number | undefined, language: Language): Promise<number> {
    if (id_paciente === undefined) {
      throw fail(400, 'validacion', language, { field: 'id_paciente' });
    }
    if (!(await mayOpen(actor, id_paciente))) {
      throw fail(403, 'paciente_sin_relacion', language);
    }
    return id_paciente;
  }

  async function readUpload(read: ReadUpload, language: Language) {
    let upload: Awaited<ReturnType<ReadUpload>>;
    try {
      upload = await read();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fail(413, 'archivo_demasiado_grande', language);
      }
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw fail(400, 'archivo_requerido', language);
      }
      // Reading only parses the client's body: anything else (no boundary, a truncated or malformed
      // part) is a broken upload, not a server fault.
      throw fail(400, 'archivo_ilegible', language);
    }
    if (!upload || upload.bytes.length === 0) throw fail(400, 'archivo_requerido', language);
    // Multipart enforces the limit while reading; this keeps the rule true whatever reads the file.
    if (upload.bytes.length > MAX_ARCHIVO_BYTES) {
      throw fail(413, 'archivo_demasiado_grande', language);
    }
    return upload;
  }

  /** A patient's attachments take at most ATTACHMENTS_MAX_MB_PER_PATIENT: 413 past it. */
  async function checkQuota(executor: Parameters<typeof attachmentBytes>[0], id_paciente: number, size: number, language: Language) {
    const limit = app.config.attachments.maxBytesPerPatient;
    if ((await attachmentBytes(executor, id_paciente)) + size > limit) {
      const megabytes = String(Math.round((limit / (1024 * 1024)) * 10) / 10);
      throw fail(413, 'cuota_adjuntos', language, { params: { limite: megabytes } });
    }
  }

  async function saveUpload(actor: Actor, id_paciente: number, read: ReadUpload, caller: Caller): Promise<Archivo> {
    const upload = await readUpload(read, caller.language);
    const tipo = await detectFileType(upload.bytes);
    if (!tipo) throw fail(400, 'archivo_tipo_no_permitido', caller.language);
    const nombre = attachmentName(upload.filename, tipo);
    const fecha_subida = clock.now().toISOString();
    // Checked before writing the file, and again under a lock with the row's insert.
    await checkQuota(db, id_paciente, upload.bytes.length, caller.language);
    // Read before the transaction: on SQLite a query outside it would wait for it to end.
    const underGlass = actor.rol === 'doctor' && (await mayOpen(actor, id_paciente)) === 'urgent';
    const ruta = await store.save(id_paciente, upload.bytes, EXTENSION[tipo]);
    try {
      const id_archivo = await db.transaction().execute(async (trx) => {
        await lockPatientAttachments(trx, app.database.dialect, id_paciente);
        await checkQuota(trx, id_paciente, upload.bytes.length, caller.language);
        const id = await insertAttachment(trx, {
          id_paciente,
          nombre,
          tipo,
          tamano: upload.bytes.length,
          ruta,
          fecha_subida,
          subido_por: actor.id_usuario,
        });
        const detalle = underGlass ? `archivo ${id} (acceso urgente)` : `archivo ${id}`;
        await writeAudit(trx, actorAudit(actor, caller.address, fecha_subida, { accion: 'archivo.subir', id_paciente, detalle }));
        return id;
      });
      return { id_archivo, nombre, tipo, tamano: upload.bytes.length, fecha_subida, url: downloadUrl(id_archivo) };
    } catch (error) {
      await store.remove(ruta);
      throw error;
    }
  }

  /** The attachment if the caller may read it: its patient, or a doctor who attends that patient. */
  async function readable(actor: Actor, id_archivo: number, language: Language) {
    const archivo = await findAttachment(db, id_archivo);
    const missing = () => fail(404, 'archivo_no_encontrado', language);
    if (!archivo) throw missing();
    if (actor.rol === 'paciente') {
      // Another patient's file is 'not your data': 403, as for every other.
      if (archivo.id_paciente !== ownPatientId(actor, language)) throw fail(403, 'sin_permiso', language);
      return archivo;
    }
    if (actor.rol === 'doctor' && (await mayOpen(actor, archivo.id_paciente))) return archivo;
    throw fail(403, 'paciente_sin_relacion', language);
  }

  return {
    async listOwn(caller: Caller): Promise<Archivo[]> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const archivos = await listAttachments(db, id_paciente);
      await audit(actor, caller, 'archivo.listar', id_paciente);
      return archivos;
    },

    async listForDoctor(caller: Caller, id_paciente: number | undefined): Promise<Archivo[]> {
      const { actor } = caller;
      const patient = await attendedPatient(actor, id_paciente, caller.language);
      const archivos = await listAttachments(db, patient);
      const underGlass = (await mayOpen(actor, patient)) === 'urgent';
      await audit(actor, caller, 'archivo.listar', patient, underGlass ? '(acceso urgente)' : undefined);
      return archivos;
    },

    async uploadOwn(caller: Caller, read: ReadUpload): Promise<Archivo> {
      const { actor, language } = caller;
      return saveUpload(actor, ownPatientId(actor, language), read, caller);
    },

    async uploadForDoctor(caller: Caller, id_paciente: number | undefined, read: ReadUpload) {
      const { actor } = caller;
      const patient = await attendedPatient(actor, id_paciente, caller.language);
      return saveUpload(actor, patient, read, caller);
    },

    /** The bytes and headers of a download; the caller streams them. */
    async download(caller: Caller, id_archivo: number) {
      const { actor } = caller;
      const archivo = await readable(actor, id_archivo, caller.language);
      const stream = await store.open(archivo.ruta);
      if (!stream) {
        app.log.warn({ id_archivo }, 'attachment row without its file');
        throw fail(404, 'archivo_no_encontrado', caller.language);
      }
      await audit(actor, caller, 'archivo.descargar', archivo.id_paciente, await detailFor(actor, archivo.id_paciente, `archivo ${archivo.id_archivo}`));
      return {
        stream,
        tipo: archivo.tipo,
        tamano: Number(archivo.tamano),
        disposition: attachmentDisposition(archivo.nombre),
      };
    },

    /** Only whoever uploaded an attachment may remove it. */
    async remove(caller: Caller, id_archivo: number): Promise<void> {
      const { actor } = caller;
      const archivo = await readable(actor, id_archivo, caller.language);
      if (archivo.subido_por !== actor.id_usuario) throw fail(403, 'sin_permiso', caller.language);
      await db.transaction().execute(async (trx) => {
        await deleteAttachment(trx, id_archivo);
        await writeAudit(
          trx,
          actorAudit(actor, caller.address, clock.now().toISOString(), {
            accion: 'archivo.eliminar',
            id_paciente: archivo.id_paciente,
            detalle: `archivo ${id_archivo}`,
          }),
        );
      });
      await store.remove(archivo.ruta);
    },
  };
}
