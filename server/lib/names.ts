/** A person's name as screens show it: first name and surnames. */
export function fullName(person: { nombre: string; apellido1: string; apellido2?: string | null }): string {
  return [person.nombre, person.apellido1, person.apellido2].filter((part) => part && part.trim() !== '').join(' ');
}
