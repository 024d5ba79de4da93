/**
 * The clinic's public details, shown on the contact, terms and not-found pages. They are the demo
 * clinic's; a real deployment edits them here.
 */
export const CLINIC = {
  name: 'Galeno Clínica, S.L.',
  taxId: 'B-00000000',
  street: 'Carrer de Provença 210',
  postalCode: '08036',
  city: 'Barcelona',
  phone: '+34 930 000 000',
  phoneHref: 'tel:+34930000000',
  email: 'contacto@galeno.local',
  privacyEmail: 'dpd@galeno.local',
} as const;

export const clinicAddress = `${CLINIC.street}, ${CLINIC.postalCode} ${CLINIC.city}`;
