import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ClinicaCambio } from '../../../contracts/clinic.ts';
import type { ClinicaTable, Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ClinicRow = Omit<Selectable<ClinicaTable>, 'logo_base64'>;

const ID = 1;
const FIELDS = [
  'nombre',
  'razon_social',
  'nif',
  'direccion',
  'codigo_postal',
  'localidad',
  'telefono',
  'correo',
  'correo_privacidad',
  'web',
  'horario',
  'logo_tipo',
  'logo_hash',
  'actualizado_en',
  'id_clinica',
] as const;

/** The clinic's identity (the one row the migration seeds). */
export async function readClinic(db: Db): Promise<ClinicRow> {
  return db.selectFrom('clinica').select(FIELDS).where('id_clinica', '=', ID).executeTakeFirstOrThrow();
}

export async function updateClinic(db: Db, change: ClinicaCambio, actualizado_en: string): Promise<void> {
  await db.updateTable('clinica').set({ ...change, actualizado_en }).where('id_clinica', '=', ID).execute();
}

export async function readLogo(db: Db): Promise<{ logo_tipo: string; logo_base64: string; logo_hash: string } | undefined> {
  const row = await db.selectFrom('clinica').select(['logo_tipo', 'logo_base64', 'logo_hash']).where('id_clinica', '=', ID).executeTakeFirst();
  return row?.logo_tipo && row.logo_base64 && row.logo_hash
    ? { logo_tipo: row.logo_tipo, logo_base64: row.logo_base64, logo_hash: row.logo_hash }
    : undefined;
}

export async function saveLogo(
  db: Db,
  logo: { logo_tipo: string; logo_base64: string; logo_hash: string } | null,
  actualizado_en: string,
): Promise<void> {
  await db
    .updateTable('clinica')
    .set({ logo_tipo: logo?.logo_tipo ?? null, logo_base64: logo?.logo_base64 ?? null, logo_hash: logo?.logo_hash ?? null, actualizado_en })
    .where('id_clinica', '=', ID)
    .execute();
}
