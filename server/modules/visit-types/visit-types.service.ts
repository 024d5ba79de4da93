import type { FastifyInstance } from 'fastify';
import type { TipoOferta, TipoVisita, TipoVisitaDatos } from '../../../contracts/visit-types.ts';
import type { z } from 'zod';
import type { ofertaTiposSchema } from '../../../contracts/visit-types.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { offeredTypes } from './offered-types.ts';
import { doctorOffer, findVisitType, insertVisitType, listVisitTypes, nameTaken, replaceDoctorOffer, updateVisitType, type VisitTypeRow } from './visit-types.repository.ts';

export const toTipoVisita = (row: VisitTypeRow): TipoVisita => ({
  id_tipo: row.id_tipo,
  clave: row.clave,
  nombre_es: row.nombre_es,
  nombre_ca: row.nombre_ca,
  nombre_en: row.nombre_en,
  duracion_min: row.duracion_min,
  color: row.color,
  reserva: row.reserva,
  instrucciones: row.instrucciones,
  margen_min: row.margen_min,
  activo: row.activo === 1,
});

const valuesOf = (input: TipoVisitaDatos) => ({
  nombre_es: input.nombre_es,
  nombre_ca: input.nombre_ca,
  nombre_en: input.nombre_en,
  duracion_min: input.duracion_min,
  color: input.color.toLowerCase(),
  reserva: input.reserva,
  instrucciones: input.instrucciones ?? null,
  margen_min: input.margen_min,
  activo: input.activo ? 1 : 0,
});

/** The clinic's catalogue (administrators) and each doctor's offer (the doctor). */
export function createVisitTypesService(app: FastifyInstance) {
  const { db, clock } = app;
  const audit = (caller: Caller, accion: 'tipo_visita.crear' | 'tipo_visita.cambiar' | 'tipo_visita.oferta', detalle: string) =>
    actorAudit(caller.actor, caller.address, clock.now().toISOString(), { accion, id_paciente: null, detalle });

  return {
    /** The catalogue: administrators see the inactive types too, everyone else the active ones. */
    async list({ actor }: Caller): Promise<TipoVisita[]> {
      return (await listVisitTypes(db, actor.rol !== 'admin')).map(toTipoVisita);
    },

    async create(caller: Caller, input: TipoVisitaDatos): Promise<TipoVisita> {
      const stamp = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        if (await nameTaken(trx, input)) throw fail(409, 'tipo_visita_nombre_repetido', caller.language);
        const id_tipo = await insertVisitType(trx, valuesOf(input), stamp);
        await writeAudit(trx, audit(caller, 'tipo_visita.crear', `tipo ${id_tipo}: ${input.nombre_es}, ${input.duracion_min} min`));
        return findVisitType(trx, id_tipo);
      });
      if (!row) throw fail(404, 'tipo_visita_no_encontrado', caller.language);
      return toTipoVisita(row);
    },

    /** Changes a type; visits already booked keep the minutes they hold. Types are never deleted, only made inactive. */
    async update(caller: Caller, id_tipo: number, input: TipoVisitaDatos): Promise<TipoVisita> {
      const stamp = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        if (!(await findVisitType(trx, id_tipo))) throw fail(404, 'tipo_visita_no_encontrado', caller.language);
        if (await nameTaken(trx, input, id_tipo)) throw fail(409, 'tipo_visita_nombre_repetido', caller.language);
        await updateVisitType(trx, id_tipo, valuesOf(input), stamp);
        await writeAudit(trx, audit(caller, 'tipo_visita.cambiar', `tipo ${id_tipo}: ${input.nombre_es}, ${input.duracion_min} min${input.activo ? '' : ', inactivo'}`));
        return findVisitType(trx, id_tipo);
      });
      if (!row) throw fail(404, 'tipo_visita_no_encontrado', caller.language);
      return toTipoVisita(row);
    },

    /** Every active type, marked with whether the calling doctor offers it and at what length. */
    async offer(caller: Caller): Promise<TipoOferta[]> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const [types, offered, own] = await Promise.all([listVisitTypes(db, true), offeredTypes(db, id_doctor), doctorOffer(db, id_doctor)]);
      const offeredIds = new Set(offered.map((type) => type.id_tipo));
      const ownLength = new Map(own.map((row) => [row.id_tipo, row.duracion_min]));
      return types.map((type) => ({ ...toTipoVisita(type), ofrecido: offeredIds.has(type.id_tipo), duracion_propia: ownLength.get(type.id_tipo) ?? null }));
    },

    async setOffer(caller: Caller, input: z.infer<typeof ofertaTiposSchema>): Promise<TipoOferta[]> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const active = new Set((await listVisitTypes(db, true)).map((type) => type.id_tipo));
      const unique = new Map(input.tipos.map((tipo) => [tipo.id_tipo, tipo.duracion_min]));
      for (const id_tipo of unique.keys()) if (!active.has(id_tipo)) throw fail(404, 'tipo_visita_no_encontrado', caller.language);
      await db.transaction().execute(async (trx) => {
        await replaceDoctorOffer(trx, id_doctor, [...unique].map(([id_tipo, duracion_min]) => ({ id_tipo, duracion_min })));
        await writeAudit(trx, audit(caller, 'tipo_visita.oferta', [...unique].map(([id, min]) => (min ? `${id} (${min} min)` : `${id}`)).join(', ')));
      });
      return this.offer(caller);
    },
  };
}

