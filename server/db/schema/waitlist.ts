import type { Generated } from 'kysely';

export type EstadoEntradaEspera = 'activa' | 'atendida' | 'caducada' | 'retirada' | 'agotada';
export type FranjaEspera = 'manana' | 'tarde' | 'cualquiera' | 'rango';

/** A patient waiting for a doctor or a specialty over dates and a part of the day (migration 027). */
export interface ListaEsperaTable {
  id_entrada: Generated<number>;
  id_paciente: number;
  id_doctor: number | null;
  /** The doctor's specialty for a doctor's entry. */
  id_especialidad: number;
  /** 'doctor:<id>' or 'especialidad:<id>': one active entry per patient and objetivo. */
  objetivo: string;
  desde: string;
  hasta: string;
  franja: FranjaEspera;
  /** Slots starting in [hora_desde, hora_hasta) match ('24:00' closes the day). */
  hora_desde: string;
  hora_hasta: string;
  estado: Generated<EstadoEntradaEspera>;
  /** Offers this entry let pass (expired unclaimed); MAX_OFFERS_PER_ENTRY of them end it. Lost ones do not count. */
  ofertas: Generated<number>;
  creado_en: string;
  terminada_en: string | null;
  /** The visit type waited for (null: one slot); only times where it fits whole are offered. */
  id_tipo_visita: number | null;
}

export type EstadoOfertaEspera = 'enviada' | 'aceptada' | 'perdida' | 'caducada';

/** A freed slot offered to an entry by e-mail: only the hash of the link's token (migration 028). */
export interface OfertasEsperaTable {
  id_oferta: Generated<number>;
  id_entrada: number;
  id_agenda: number;
  hash_token: string;
  estado: Generated<EstadoOfertaEspera>;
  creado_en: string;
  caduca_en: string;
  resuelta_en: string | null;
  /** When the holder was told the slot went to someone else. */
  avisada_en: string | null;
}

/** One row per offered slot, written first by a sweep so that instances take turns on it. */
export interface ListaEsperaHuecosTable {
  id_agenda: number;
  revisado_en: string;
}
