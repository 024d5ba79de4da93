import type { Bloque } from '../../../../../contracts/agenda.ts';

/**
 * The day's rows as the doctor reads them: a longer visit is one row from its first slot's start to
 * its last slot's end, and the slots it holds after its first are not rows of their own (they are
 * not free time, nor another visit). A later slot whose visit's first slot is not on the day (never
 * the case today) stays a row.
 */
export function foldVisitSpans(blocks: readonly Bloque[]): Bloque[] {
  const firstOf = new Map<number, number>();
  blocks.forEach((block, index) => {
    if (block.cita) firstOf.set(block.cita.id_cita, index);
  });
  const rows = blocks.map((block) => ({ ...block }));
  const folded = new Set<number>();
  blocks.forEach((block, index) => {
    const owner = block.parte_de_cita == null ? undefined : firstOf.get(block.parte_de_cita);
    if (owner === undefined) return;
    const first = rows[owner];
    if (first && block.hora_fin > first.hora_fin) first.hora_fin = block.hora_fin;
    folded.add(index);
  });
  return rows.filter((_, index) => !folded.has(index));
}
