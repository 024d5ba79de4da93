import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_LOGO_BYTES, type Clinica, type ClinicaCambio } from '../../../contracts/clinic.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { readClinic, readLogo, saveLogo, updateClinic, type ClinicRow } from './clinic.repository.ts';

/** Where the logo is served: the hash in the address changes with the image, so it can be cached for good. */
const logoUrl = (row: ClinicRow) => (row.logo_hash ? `/api/clinica/logo?v=${row.logo_hash.slice(0, 16)}` : null);

export function publicClinic(row: ClinicRow, zona_horaria: string): Clinica {
  const { logo_tipo: _tipo, logo_hash: _hash, id_clinica: _id, ...rest } = row;
  return { ...rest, logo_url: logoUrl(row), zona_horaria };
}

type Source = Pick<FastifyInstance, 'db' | 'config'>;

/** The clinic as every e-mail, PDF and calendar file shows it (read fresh: an admin may just have changed it). */
export async function currentClinic(app: Source): Promise<Clinica> {
  return publicClinic(await readClinic(app.db), app.config.timeZone);
}

export type ReadLogoUpload = () => Promise<{ bytes: Buffer } | undefined>;

export function createClinicService(app: FastifyInstance) {
  const { db, clock } = app;
  const stamp = () => clock.now().toISOString();

  return {
    get: () => currentClinic(app),

    async update(caller: Caller, change: ClinicaCambio): Promise<Clinica> {
      const now = stamp();
      await db.transaction().execute(async (trx) => {
        await updateClinic(trx, change, now);
        await writeAudit(trx, actorAudit(caller.actor, caller.address, now, { accion: 'clinica.actualizar', id_paciente: null }));
      });
      return currentClinic(app);
    },

    /** A PNG or JPEG, recognised by its content (not its name), at most MAX_LOGO_BYTES. */
    async uploadLogo(caller: Caller, read: ReadLogoUpload): Promise<Clinica> {
      let upload: { bytes: Buffer } | undefined;
      try {
        upload = await read();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'logo_demasiado_grande', caller.language);
        throw fail(400, 'archivo_ilegible', caller.language);
      }
      if (!upload || upload.bytes.length === 0) throw fail(400, 'archivo_requerido', caller.language);
      if (upload.bytes.length > MAX_LOGO_BYTES) throw fail(413, 'logo_demasiado_grande', caller.language);
      const tipo = await detectFileType(upload.bytes);
      if (tipo !== 'image/png' && tipo !== 'image/jpeg') throw fail(400, 'logo_tipo_no_permitido', caller.language);
      const now = stamp();
      const logo = {
        logo_tipo: tipo,
        logo_base64: upload.bytes.toString('base64'),
        logo_hash: createHash('sha256').update(upload.bytes).digest('hex'),
      };
      await db.transaction().execute(async (trx) => {
        await saveLogo(trx, logo, now);
        await writeAudit(trx, actorAudit(caller.actor, caller.address, now, { accion: 'clinica.logo', id_paciente: null }));
      });
      return currentClinic(app);
    },

    async removeLogo(caller: Caller): Promise<Clinica> {
      const now = stamp();
      await db.transaction().execute(async (trx) => {
        await saveLogo(trx, null, now);
        await writeAudit(trx, actorAudit(caller.actor, caller.address, now, { accion: 'clinica.logo', id_paciente: null, detalle: null }));
      });
      return currentClinic(app);
    },

    logo: () => readLogo(db),
  };
}

/** The letterhead of the PDFs the clinic hands out: its identity and logo as stored now. */
export async function currentLetterhead(app: Source): Promise<{ clinic: Clinica; logo: Uint8Array | undefined }> {
  const [clinic, logo] = await Promise.all([currentClinic(app), readLogo(app.db)]);
  return { clinic, logo: logo ? Uint8Array.from(Buffer.from(logo.logo_base64, 'base64')) : undefined };
}
