/** A person's name as screens, e-mails and documents show it: first name and surnames, blanks left out. */
export function fullName(person: { nombre: string; apellido1: string; apellido2?: string | null }): string {
  return [person.nombre, person.apellido1, person.apellido2].filter((part) => part && part.trim() !== '').join(' ');
}
