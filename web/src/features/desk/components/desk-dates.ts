/** A calendar date (YYYY-MM-DD) as the desk reads it aloud and types it: DD/MM/AAAA. */
export function numericDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : iso;
}
