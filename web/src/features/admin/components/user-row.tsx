import { fullName } from '../../../../../contracts/names.ts';
import { Badge, Button, Group, Modal, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Especialidad } from '../../../../../contracts/doctors.ts';
import { ROLES, type Role } from '../../../../../contracts/roles.ts';
import type { UsuarioLista } from '../../../../../contracts/users.ts';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { confirmAction } from '../../../lib/confirm.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeRole } from '../api/change-role.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useEndUserSessions } from '../api/end-user-sessions.ts';

interface UserRowProps {
  user: UsuarioLista;
  specialties: Especialidad[];
  /** The logged-in admin's own row: their role and account are not theirs to change here. */
  isSelf: boolean;
}

/** One account of the management table: its role selector, the doctor data, Guardar and Eliminar. */
export function UserRow({ user, specialties, isSelf }: UserRowProps) {
  const { t } = useTranslation('admin');
  const [role, setRole] = useState<Role>(user.rol);
  const [colegiado, setColegiado] = useState(user.numero_colegiado ?? '');
  const [specialty, setSpecialty] = useState(user.id_especialidad ? String(user.id_especialidad) : '');
  const [colegiadoError, setColegiadoError] = useState<string>();
  const [hoursOpen, setHoursOpen] = useState(false);
  const changeRole = useChangeRole();
  const deleteUser = useDeleteUser();
  const endSessions = useEndUserSessions();
  const name = fullName(user);

  const save = async () => {
    setColegiadoError(undefined);
    if (role === 'doctor') {
      if (!colegiado.trim() || !specialty) {
        notifyError(t('doctor_data_required'));
        return;
      }
      if (!/^\d{9}$/.test(colegiado.trim())) {
        setColegiadoError(validationText('colegiado_9_digitos'));
        return;
      }
    }
    try {
      await changeRole.mutateAsync({
        id: user.id_usuario,
        nuevo_rol: role,
        ...(role === 'doctor' ? { numero_colegiado: colegiado.trim(), id_especialidad: Number(specialty) } : {}),
      });
      notifySuccess(t('user_updated', { name }));
    } catch {
      notifyError(t('user_update_error', { name }));
    }
  };

  const remove = async () => {
    if (!(await confirmAction(t('confirm_delete', { name, email: user.correo }), { danger: true, confirmLabel: t('delete') }))) return;
    try {
      await deleteUser.mutateAsync(user.id_usuario);
      notifySuccess(t('user_deleted'));
    } catch {
      notifyError(t('user_delete_error'));
    }
  };

  const endAllSessions = async () => {
    const question = t('confirm_end_sessions', { name, username: user.nombre_usuario });
    if (!(await confirmAction(question, { danger: true, confirmLabel: t('end_sessions') }))) return;
    try {
      const { cerradas } = await endSessions.mutateAsync(user.id_usuario);
      notifySuccess(t('sessions_ended', { name, count: cerradas }));
    } catch {
      notifyError(t('sessions_end_error', { name }));
    }
  };

  return (
    <Table.Tr>
      <Table.Td data-label={t('col_id')}>{user.id_usuario}</Table.Td>
      <Table.Th scope="row" fw={500}>
        <Group gap={6} wrap="nowrap">
          <span>{name}</span>
          {isSelf && (
            <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
              {t('you')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {user.nombre_usuario}
        </Text>
      </Table.Th>
      <Table.Td data-label={t('col_email')} style={{ overflowWrap: 'anywhere' }}>
        <EmailAddress email={user.correo} />
      </Table.Td>
      <Table.Td data-label={t('col_role')}>
        <NativeSelect
          aria-label={t('role_of', { name })}
          value={role}
          disabled={isSelf}
          onChange={(event) => setRole(event.currentTarget.value as Role)}
          data={ROLES.map((value) => ({ value, label: t(`common:role_${value}`) }))}
          size="xs"
          w={140}
        />
      </Table.Td>
      <Table.Td data-label={t('col_extra')}>
        {role === 'doctor' ? (
          <Stack gap={4}>
            <TextInput
              label={t('colegiado_label')}
              value={colegiado}
              onChange={(event) => setColegiado(event.currentTarget.value)}
              inputMode="numeric"
              maxLength={9}
              placeholder={t('colegiado_placeholder')}
              error={colegiadoError}
              size="xs"
            />
            <NativeSelect
              label={t('specialty_label')}
              value={specialty}
              onChange={(event) => setSpecialty(event.currentTarget.value)}
              data={[{ value: '', label: t('specialty_placeholder') }, ...specialties.map((s) => ({ value: String(s.id_especialidad), label: s.nombre }))]}
              size="xs"
            />
            {user.rol === 'doctor' && user.id_doctor !== null && (
              <Button size="xs" variant="default" onClick={() => setHoursOpen(true)} aria-label={t('hours_of', { name })}>
                {t('hours_button')}
              </Button>
            )}
          </Stack>
        ) : (
          <Text c="dimmed">{t('common:empty_value')}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={() => void save()} loading={changeRole.isPending} disabled={isSelf}>
            {t('save')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void endAllSessions()}
            loading={endSessions.isPending}
            disabled={isSelf}
            aria-label={t('end_sessions_of', { name })}
          >
            {t('end_sessions')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => void remove()} loading={deleteUser.isPending} disabled={isSelf}>
            {t('delete')}
          </Button>
        </Group>
        {hoursOpen && user.id_doctor !== null && (
          <Modal opened onClose={() => setHoursOpen(false)} title={t('hours_of', { name })} size="lg">
            <WeeklyHoursEditor idDoctor={user.id_doctor} />
          </Modal>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
