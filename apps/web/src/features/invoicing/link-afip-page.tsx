import type { AfipLink } from '@agendo/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SettingsPage } from '../../ui/settings-page.tsx';

const texts = defineTexts(
  {
    linkTitle: 'Vincular AFIP',
    connectTitle: 'Conexión con AFIP',
    intro:
      'Genera el pedido de certificado (CSR), súbelo en el Administrador de Certificados Digitales de AFIP y trae aquí el certificado que te entrega.',
    none: 'Tu cuenta de AFIP todavía no está vinculada.',
    csr: 'Pedido de certificado generado para el CUIT {cuit}. Falta subir el certificado.',
    linked: 'AFIP vinculado para el CUIT {cuit}.',
    connected: 'La conexión con AFIP funciona.',
    notConnected: 'No pudimos iniciar sesión en AFIP con tu certificado.',
    generate: 'Generar pedido de certificado (CSR)',
    download: 'Descargar CSR',
    copy: 'Copiar CSR',
    copied: 'Copiado al portapapeles.',
    certificate: 'Certificado de AFIP (.crt o .pem)',
    certificateHint: 'Elige el archivo o pega su contenido.',
    save: 'Guardar certificado',
    imitation: 'Vincular con AFIP de prueba',
    editData: 'Datos de facturación',
    loadError: 'No pudimos cargar la vinculación con AFIP.',
  },
  {
    linkTitle: 'Link AFIP',
    connectTitle: 'AFIP connection',
    intro:
      "Generate the certificate request (CSR), upload it to AFIP's digital certificate administrator and bring back the certificate it gives you.",
    none: 'Your AFIP account is not linked yet.',
    csr: 'Certificate request generated for CUIT {cuit}. The certificate is missing.',
    linked: 'AFIP linked for CUIT {cuit}.',
    connected: 'The connection with AFIP works.',
    notConnected: 'We could not log in to AFIP with your certificate.',
    generate: 'Generate certificate request (CSR)',
    download: 'Download CSR',
    copy: 'Copy CSR',
    copied: 'Copied to clipboard.',
    certificate: 'AFIP certificate (.crt or .pem)',
    certificateHint: 'Choose the file or paste its content.',
    save: 'Save certificate',
    imitation: 'Link with test AFIP',
    editData: 'Billing details',
    loadError: 'We could not load the AFIP link.',
  },
);

/** link-afip and connect-afip (spec 000 §2.2): one page; connect-afip leads with the login check. */
export function LinkAfipPage({ connect = false }: { connect?: boolean }) {
  return (
    <RequireLogin>
      <LinkAfip connect={connect} />
    </RequireLogin>
  );
}

export function ConnectAfipPage() {
  return <LinkAfipPage connect />;
}

function LinkAfip({ connect }: { connect: boolean }) {
  const tx = useTexts(texts);
  const { to } = usePrefix();
  const queryClient = useQueryClient();
  const [certificate, setCertificate] = useState('');
  const [copied, setCopied] = useState(false);
  const found = useQuery({ queryKey: ['afip-link'], queryFn: () => call('find-afip-link', {}) });
  const done = (link: AfipLink) => {
    queryClient.setQueryData(['afip-link'], { status: '200', ...link });
    // get-afip-data's connectedOk changes with the link.
    void queryClient.invalidateQueries({ queryKey: ['afip-data'] });
  };
  const start = useMutation({ mutationFn: () => call('start-afip-link', {}), onSuccess: done });
  const save = useMutation({
    mutationFn: () => call('save-afip-certificate', { certificate }),
    onSuccess: done,
  });
  const imitation = useMutation({ mutationFn: () => call('link-afip-imitation', {}), onSuccess: done });
  const failed = [start, save, imitation].find((m) => m.error)?.error;
  const link = found.data;

  const download = (pem: string) => {
    const url = URL.createObjectURL(new Blob([pem], { type: 'application/pkcs10' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `agendo-${link?.cuit ?? 'afip'}.csr`;
    anchor.click();
    URL.revokeObjectURL(url);
  };

  return (
    <SettingsPage title={tx(connect ? 'connectTitle' : 'linkTitle')}>
      {found.isError && (
        <Alert color="red" role="alert">
          {found.error instanceof ApiError ? found.error.message : tx('loadError')}
        </Alert>
      )}
      {link && (
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group gap="sm" role="status">
              <Text fw={600}>{link.state === 'none' ? tx('none') : tx(link.state, { cuit: link.cuit })}</Text>
              {link.state === 'linked' && (
                <Badge color={link.connectedOk ? 'teal' : 'red'}>
                  {tx(link.connectedOk ? 'connected' : 'notConnected')}
                </Badge>
              )}
            </Group>
            {failed && (
              <Alert color="red" role="alert">
                {failed instanceof ApiError ? failed.message : tx('loadError')}
              </Alert>
            )}
            {!connect && link.state !== 'linked' && <Text size="sm">{tx('intro')}</Text>}
            {!connect && (
              <Group gap="sm">
                <Button
                  variant={link.state === 'none' ? 'filled' : 'default'}
                  loading={start.isPending}
                  onClick={() => start.mutate()}
                >
                  {tx('generate')}
                </Button>
                {link.imitation && (
                  <Button variant="light" loading={imitation.isPending} onClick={() => imitation.mutate()}>
                    {tx('imitation')}
                  </Button>
                )}
              </Group>
            )}
            {!connect && link.state === 'csr' && (
              <Stack gap="sm">
                <Textarea readOnly autosize maxRows={6} value={link.csrPem} aria-label="CSR" />
                <Group gap="sm">
                  <Button variant="default" onClick={() => download(link.csrPem)}>
                    {tx('download')}
                  </Button>
                  <Button
                    variant="default"
                    onClick={() =>
                      void navigator.clipboard?.writeText(link.csrPem).then(() => setCopied(true))
                    }
                  >
                    {tx('copy')}
                  </Button>
                  {copied && <Text size="sm">{tx('copied')}</Text>}
                </Group>
                <input
                  type="file"
                  accept=".crt,.pem,.cer"
                  aria-label={tx('certificate')}
                  onChange={(event) => void event.currentTarget.files?.[0]?.text().then(setCertificate)}
                />
                <Textarea
                  label={tx('certificate')}
                  description={tx('certificateHint')}
                  autosize
                  minRows={4}
                  value={certificate}
                  onChange={(event) => setCertificate(event.currentTarget.value)}
                />
                <Button loading={save.isPending} onClick={() => save.mutate()}>
                  {tx('save')}
                </Button>
              </Stack>
            )}
            <Anchor to={to('edit-afip-data')}>{tx('editData')}</Anchor>
          </Stack>
        </Card>
      )}
    </SettingsPage>
  );
}

function Anchor({ to, children }: { to: string; children: string }) {
  return (
    <Text component={Link} to={to} size="sm" c="blue" className="touch-link">
      {children}
    </Text>
  );
}
