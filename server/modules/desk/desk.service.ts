import type { FastifyInstance } from 'fastify';
import type {
  AltaRecepcion,
  AltaRecepcionRespuesta,
  AvisoRecepcion,
  CandidatoDuplicado,
  FichaRecepcion,
  MotivoDuplicado,
  PacienteRecepcion,
  PacientesRecepcionQuery,
} from '../../../contracts/desk-patients.ts';
import { normalizeForSearch } from '../../../contracts/common.ts';
import { fullName } from '../../../contracts/names.ts';
import { addDays, localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { hasMailbox, NO_MAILBOX_DOMAIN } from '../../lib/mail.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';
import type { Caller } from '../../lib/request-context.ts';
import { accountInsertError, findTakenIdentifiers, insertPatient, insertUser, searchTextOf, updatePatientProfile } from '../accounts/index.ts';
import { deskVisitsOf, nextAppointmentsOf } from '../appointments/index.ts';
import { appointmentBookers, writeAudit } from '../audit/index.ts';
import { countLinksSince, invitationLink, issueInvitation, listPasswordResets } from '../auth/index.ts';
import { listPatientEntries } from '../waitlist/index.ts';
import {
  findDeskPatient,
  findLikelyDuplicates,
  phoneDigits,
  searchDeskPatients,
  takenUsernamesLike,
  type IdentityRow,
} from './desk-search.repository.ts';
import { invitationMail } from './invitation.mail.ts';
import { usernameCandidates } from './username.ts';
import { phoneToStore } from '../../lib/sms/phone-numbers.ts';

/** Invitations one patient may be sent in a day (the first one included). */
export const INVITATIONS_PER_DAY = 3;

const placeholderAddress = (username: string) => `${username}@${NO_MAILBOX_DOMAIN}`;

function identityOf(row: IdentityRow): Omit<PacienteRecepcion, 'proxima_cita'> {
  return {
    id_paciente: row.id_paciente,
    id_usuario: row.id_usuario,
    nombre: row.nombre,
    apellido1: row.apellido1,
    apellido2: row.apellido2,
    dni: row.dni,
    telefono: row.telefono,
    correo: hasMailbox(row.correo) ? row.correo : null,
    fecha_nacimiento: row.nacimiento,
    cuenta_activada: Number(row.con_contrasena) === 1,
  };
}

export function createDeskService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const dialect = app.database.dialect;

  const clinicNow = () => {
    const now = clock.now();
    return { now, today: localDate(now, config.timeZone), time: localTime(now, config.timeZone) };
  };

  async function withNextVisits(rows: IdentityRow[]): Promise<PacienteRecepcion[]> {
    const { today, time } = clinicNow();
    const next = await nextAppointmentsOf(db, dialect, rows.map((row) => row.id_paciente), today, time);
    return rows.map((row) => ({ ...identityOf(row), proxima_cita: next.get(row.id_paciente) ?? null }));
  }

  /** Sends the invitation e-mail (after the transaction that issued its link). */
  function sendInvitation(
    account: { nombre: string; nombre_usuario: string; correo: string; idioma: 'es' | 'ca' | 'en' },
    token: string,
    caduca_en: string,
  ) {
    return app.mailer.send(invitationMail(account, invitationLink(config, token), caduca_en, config.timeZone));
  }

  return {
    async search(_caller: Caller, query: PacientesRecepcionQuery) {
      const page = await searchDeskPatients(db, dialect, { ...query, buscar: query.buscar ?? '' });
      return { items: await withNextVisits(page.items), total: page.total, approximate: page.approximate };
    },

    /** The desk's card of one patient; the reading is audited and shows in the patient's own list of accesses. */
    async card(caller: Caller, id_paciente: number): Promise<FichaRecepcion> {
      const row = await findDeskPatient(db, id_paciente);
      if (!row) throw fail(404, 'paciente_no_encontrado', caller.language);
      const { today, time } = clinicNow();
      const [visits, entries, links, bookers] = await Promise.all([
        deskVisitsOf(db, id_paciente, caller.language),
        listPatientEntries(db, id_paciente, addDays(today, -365)),
        listPasswordResets(db, row.id_usuario),
        appointmentBookers(db, id_paciente),
      ]);
      const isUpcoming = (visit: { fecha: string; hora: string }) => visit.fecha > today || (visit.fecha === today && visit.hora >= time);
      const toVisit = (visit: (typeof visits)[number]) => ({
        id_cita: visit.id_cita,
        fecha: visit.fecha,
        hora: visit.hora,
        doctor: visit.doctor,
        especialidad: visit.especialidad,
        estado: visit.estado,
        asistencia: visit.asistencia,
        confirmada_paciente: visit.confirmada_paciente,
        reservada_por: bookers.get(visit.id_cita) ?? null,
      });
      const proximas = visits.filter(isUpcoming).reverse().map(toVisit);
      const pasadas = visits.filter((visit) => !isUpcoming(visit)).map(toVisit);
      const avisos: AvisoRecepcion[] = [
        ...visits.flatMap((visit) =>
          visit.aviso
            ? [{ tipo: 'recordatorio' as const, fecha: visit.aviso.enviado_en ?? visit.aviso.enviar_en, estado: visit.aviso.estado, id_cita: visit.id_cita }]
            : [],
        ),
        ...(hasMailbox(row.correo) ? links : []).map((link) => ({
            tipo: 'enlace_contrasena' as const,
            fecha: link.creado_en,
            estado: link.usado_en ? 'usada' : link.caduca_en <= clock.now().toISOString() ? 'caducada' : 'enviada',
            id_cita: null,
          })),
      ].sort((a, b) => b.fecha.localeCompare(a.fecha));
      const next = proximas.find((visit) => visit.estado !== 'Cancelada');
      await writeAudit(db, {
        id_usuario: caller.actor.id_usuario,
        rol: caller.actor.rol,
        id_paciente,
        accion: 'recepcion.ficha_leer',
        ip: caller.address,
        creado_en: clock.now().toISOString(),
      });
      return {
        paciente: {
          ...identityOf(row),
          proxima_cita: next ? { id_cita: next.id_cita, fecha: next.fecha, hora: next.hora, doctor: next.doctor } : null,
          nombre_usuario: row.nombre_usuario,
          idioma: row.idioma,
          fecha_alta: row.fecha_alta,
        },
        proximas,
        pasadas,
        lista_espera: entries.map((entry) => ({
          id_entrada: entry.id_entrada,
          doctor: entry.doctor_nombre
            ? fullName({ nombre: entry.doctor_nombre, apellido1: entry.doctor_apellido1 ?? '', apellido2: entry.doctor_apellido2 })
            : null,
          especialidad: caller.language === 'ca' ? entry.especialidad_ca : caller.language === 'en' ? entry.especialidad_en : entry.especialidad_es,
          desde: entry.desde,
          hasta: entry.hasta,
          franja: entry.franja,
          estado: entry.estado,
          creado_en: entry.creado_en,
        })),
        avisos,
      };
    },

    /**
     * Registers a caller as a patient without a password. Likely duplicates stop it (409
     * posible_duplicado with the candidates) unless the desk confirms; a DNI/NIE or an e-mail
     * already in use stops it always.
     */
    async register(caller: Caller, input: AltaRecepcion): Promise<AltaRecepcionRespuesta | { duplicates: CandidatoDuplicado[] }> {
      // Stored in E.164, the form SMS are sent to; a number that cannot exist is refused.
      const telefono = phoneToStore(input.telefono, caller.language);
      const telefonoDigits = telefono ? phoneDigits(telefono) : undefined;
      const candidates = await findLikelyDuplicates(db, {
        dni: input.dni,
        nombre: input.nombre,
        apellido1: input.apellido1,
        fecha_nacimiento: input.fecha_nacimiento,
        telefonoDigits,
        correo: input.correo,
      });
      if (input.dni && candidates.some((row) => row.dni === input.dni)) throw fail(409, 'dni_duplicado_recepcion', caller.language);
      if (input.correo) {
        const taken = await findTakenIdentifiers(db, input.correo, input.correo);
        if (taken.email || taken.username) throw fail(409, 'correo_duplicado', caller.language);
      }
      if (candidates.length > 0 && !input.confirmar_duplicado) {
        const digitsOf = (telefono: string | null) => (telefono ? phoneDigits(telefono) : '');
        const sameName = normalizeForSearch(`${input.nombre} ${input.apellido1}`);
        return {
          duplicates: candidates.map((row) => {
            const motivos: MotivoDuplicado[] = [];
            if (input.fecha_nacimiento && row.nacimiento === input.fecha_nacimiento && row.busqueda.startsWith(sameName)) motivos.push('nombre_nacimiento');
            const digits = digitsOf(row.telefono);
            if (telefonoDigits && digits && (digits === telefonoDigits || digits.endsWith(telefonoDigits) || telefonoDigits.endsWith(digits))) motivos.push('telefono');
            if (input.correo && row.correo.toLowerCase() === input.correo) motivos.push('correo');
            return { ...identityOf(row), motivos };
          }),
        };
      }

      const now = clock.now();
      const taken = await takenUsernamesLike(db, usernameCandidates(input.nombre, input.apellido1, input.apellido2, 1)[0] ?? 'paciente');
      const nombre_usuario =
        usernameCandidates(input.nombre, input.apellido1, input.apellido2, 200).find(
          (candidate) => !taken.has(candidate) && !taken.has(placeholderAddress(candidate)),
        ) ?? `paciente${now.getTime()}`;
      const correo = input.correo ?? placeholderAddress(nombre_usuario);
      const created = await db
        .transaction()
        .execute(async (trx) => {
          const id_usuario = await insertUser(trx, {
            nombre_usuario,
            correo,
            contrasena_hash: NO_PASSWORD,
            rol: 'paciente',
            nombre: input.nombre,
            apellido1: input.apellido1,
            apellido2: input.apellido2,
            idioma: input.idioma,
            creado_en: now.toISOString(),
          });
          await updatePatientProfile(
            trx,
            id_usuario,
            {
              nombre: input.nombre,
              apellido1: input.apellido1,
              apellido2: input.apellido2,
              dni: input.dni,
              nacimiento: input.fecha_nacimiento,
              telefono,
            },
            searchTextOf({ nombre: input.nombre, apellido1: input.apellido1, apellido2: input.apellido2, nombre_usuario, correo }),
          );
          const id_paciente = await insertPatient(trx, id_usuario, localDate(now, config.timeZone));
          const link = input.correo ? await issueInvitation(trx, id_usuario, now) : undefined;
          await writeAudit(trx, {
            id_usuario: caller.actor.id_usuario,
            rol: caller.actor.rol,
            id_paciente,
            accion: 'recepcion.paciente_alta',
            detalle: link ? 'invitacion' : null,
            ip: caller.address,
            creado_en: now.toISOString(),
          });
          return { id_usuario, id_paciente, link };
        })
        .catch(async (error: unknown) => {
          throw await accountInsertError(db, error, { usuario: nombre_usuario, email: correo }, caller.language);
        });
      let invitacion: AltaRecepcionRespuesta['invitacion'] = 'sin_correo';
      if (created.link) {
        await sendInvitation({ nombre: input.nombre, nombre_usuario, correo, idioma: input.idioma }, created.link.token, created.link.caduca_en);
        invitacion = 'enviada';
      }
      const row = await findDeskPatient(db, created.id_paciente);
      if (!row) throw fail(404, 'paciente_no_encontrado', caller.language);
      const [paciente] = await withNextVisits([row]);
      return { paciente: paciente!, nombre_usuario, invitacion };
    },

    /** Sends a new invitation (the older links keep working until used or expired). */
    async resendInvitation(caller: Caller, id_paciente: number): Promise<{ invitacion: 'enviada'; caduca_en: string }> {
      const row = await findDeskPatient(db, id_paciente);
      if (!row) throw fail(404, 'paciente_no_encontrado', caller.language);
      if (!hasMailbox(row.correo)) throw fail(409, 'invitacion_sin_correo', caller.language);
      if (Number(row.con_contrasena) === 1) throw fail(409, 'invitacion_cuenta_activa', caller.language);
      const now = clock.now();
      const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
      if ((await countLinksSince(db, row.id_usuario, dayAgo)) >= INVITATIONS_PER_DAY) {
        throw fail(429, 'demasiadas_invitaciones', caller.language, { params: { max: INVITATIONS_PER_DAY } });
      }
      const link = await db.transaction().execute(async (trx) => {
        const issued = await issueInvitation(trx, row.id_usuario, now);
        await writeAudit(trx, {
          id_usuario: caller.actor.id_usuario,
          rol: caller.actor.rol,
          id_paciente,
          accion: 'recepcion.invitacion',
          ip: caller.address,
          creado_en: now.toISOString(),
        });
        return issued;
      });
      await sendInvitation(row, link.token, link.caduca_en);
      return { invitacion: 'enviada', caduca_en: link.caduca_en };
    },
  };
}
