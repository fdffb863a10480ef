import {
  CLINICAL_RETENTION_YEARS,
  DELETION_CONFIRM_WORD,
  type InputOf,
  LEGAL_VERSIONS,
  type OutputOf,
} from '@agendo/contract';
import * as legalActions from '@agendo/contract/legal';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  List,
  Modal,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { clearSession } from '../../lib/session.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { RetryAlert } from '../../ui/list-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { longDate } from './long-date.ts';

const acceptancesKey = ['find-legal-acceptances'] as const;

const documentNames = { terms: 'Términos y condiciones', privacy: 'Política de privacidad' } as const;

/**
 * my-data: the account holder's rights over their data (Ley 25.326 arts. 14–16): what they
 * accepted and when, a download of their data, and closing the account, with what the law keeps.
 */
export function MyDataPage() {
  return (
    <RequireLogin>
      <MyData />
    </RequireLogin>
  );
}

function MyData() {
  const { to } = usePrefix();
  useDocumentTitle('Tus datos y tu cuenta · Agendo');
  return (
    <Container size={720} px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Tus datos y tu cuenta
          </Title>
          <Text c="dimmed">
            Tus derechos sobre tus datos personales, según la{' '}
            <Anchor component={Link} to={to('privacy')} inherit>
              Política de privacidad
            </Anchor>
            .
          </Text>
        </Stack>
        <Acceptances />
        <ExportCard />
        <DeletionCard />
      </Stack>
    </Container>
  );
}

/** One part of the page: a titled card that names itself by its title. */
function DataSection({
  id,
  title,
  alignStart = false,
  children,
}: {
  id: string;
  title: string;
  alignStart?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm" align={alignStart ? 'flex-start' : undefined}>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Acceptances() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: acceptancesKey, queryFn: () => call('find-legal-acceptances', {}) });
  const accept = useMutation({
    mutationFn: () => call('accept-legal', { ...LEGAL_VERSIONS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: acceptancesKey }),
  });
  return (
    <DataSection id="acceptances-title" title="Lo que aceptaste">
      {query.isPending ? (
        <Skeleton height={48} />
      ) : query.isError ? (
        <RetryAlert compact text="No pudimos cargar tus aceptaciones." retry={() => query.refetch()} />
      ) : (
        <AcceptanceList data={query.data} onAccept={() => accept.mutate()} accepting={accept.isPending} />
      )}
    </DataSection>
  );
}

function AcceptanceList({
  data,
  onAccept,
  accepting,
}: {
  data: OutputOf<'find-legal-acceptances'>;
  onAccept: () => void;
  accepting: boolean;
}) {
  const current = (['terms', 'privacy'] as const).map((document) => ({
    document,
    accepted: data.acceptances.find((a) => a.document === document && a.version === data.current[document]),
  }));
  const missing = current.some((c) => !c.accepted);
  return (
    <Stack gap="sm">
      <List spacing={4}>
        {current.map(({ document, accepted }) => (
          <List.Item key={document}>
            {documentNames[document]}, versión del {longDate(data.current[document])}:{' '}
            {accepted ? `aceptada el ${longDate(accepted.acceptedAt)}.` : 'todavía no la aceptaste.'}
          </List.Item>
        ))}
      </List>
      {missing && (
        <Group>
          <Button onClick={onAccept} loading={accepting}>
            Aceptar la versión vigente
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ExportCard() {
  const download = useMutation({
    mutationFn: () => call('export-my-data', {}),
    onSuccess: (data) => {
      const { status: _status, ...content } = data;
      const blob = new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `agendo-mis-datos-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      notifications.show({ color: 'teal', message: 'Descargamos tus datos en un archivo JSON.' });
    },
    onError: () =>
      notifications.show({ color: 'red', message: 'No pudimos preparar tus datos. Intenta de nuevo.' }),
  });
  return (
    <DataSection id="export-title" title="Descargar tus datos" alignStart>
      <Text size="sm">
        Tienes derecho a saber qué datos tuyos guardamos (Ley 25.326, art. 14). La descarga incluye tu cuenta,
        tu perfil, tus citas, tus avisos y lo que aceptaste, en un archivo JSON.
      </Text>
      <Button
        variant="light"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => download.mutate()}
        loading={download.isPending}
      >
        Descargar mis datos
      </Button>
    </DataSection>
  );
}

function DeletionCard() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <DataSection id="delete-title" title="Eliminar tu cuenta" alignStart>
      <Text size="sm">Al eliminar tu cuenta:</Text>
      <List size="sm" spacing={4}>
        <List.Item>borramos tu nombre, email, teléfono, foto y tu perfil público;</List.Item>
        <List.Item>tus servicios y talleres dejan de publicarse;</List.Item>
        <List.Item>se cierran todas tus sesiones y ya no podrás ingresar.</List.Item>
      </List>
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
        Las historias clínicas se conservan durante {CLINICAL_RETENTION_YEARS} años, como exige la Ley 26.529
        de Derechos del Paciente: nadie las usa para otro fin y solo se entregan a quien la ley autoriza. Los
        comprobantes de pago y facturas se guardan lo que exigen las normas fiscales.
      </Alert>
      <Button color="red" variant="outline" onClick={open}>
        Eliminar mi cuenta
      </Button>
      <DeletionModal opened={opened} onClose={close} />
    </DataSection>
  );
}

function DeletionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { to } = usePrefix();
  const queryClient = useQueryClient();
  const { form, fieldError, submit } = useActionForm(legalActions.requestAccountDeletion, {
    defaultValues: { userPassword: '', confirmation: '' },
  });
  const remove = useMutation({
    mutationFn: (values: InputOf<'request-account-deletion'>) => call('request-account-deletion', values),
    onSuccess: async ({ retainClinicalUntil }) => {
      // Leave this page first: signed out, it would send the person to the login page.
      await navigate(to(), { replace: true });
      clearSession();
      queryClient.clear();
      // Issue 34: what was deleted, what is kept and until when, and that a mail confirms it;
      // it stays until closed, the person is leaving and must be able to read it.
      notifications.show({
        color: 'teal',
        title: 'Tu cuenta fue eliminada',
        autoClose: false,
        message: `Borramos tus datos personales y de acceso, tu perfil y tus publicaciones, y cancelamos tus turnos futuros. Las historias clínicas se conservan hasta el ${longDate(retainClinicalUntil)}, como exige la Ley 26.529. Te enviamos esta confirmación por email.`,
      });
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="¿Eliminar tu cuenta?" centered>
      <form onSubmit={submit((values) => remove.mutateAsync(values))} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Esta acción no se puede deshacer. Para confirmar, ingresa tu contraseña y escribe{' '}
            <strong>{DELETION_CONFIRM_WORD}</strong>.
          </Text>
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            error={fieldError('userPassword')}
            {...form.register('userPassword')}
          />
          <TextInput
            label={`Escribe ${DELETION_CONFIRM_WORD}`}
            autoComplete="off"
            error={fieldError('confirmation')}
            {...form.register('confirmation')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              Eliminar definitivamente
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
