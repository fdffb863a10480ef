import { Alert, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { coursesTexts } from './courses-texts.ts';
import { PageLoading } from './missing-notice.tsx';

/** certificate/{ref}: the public page a certificate's QR opens, to verify it. */
export function CertificatePage() {
  const { ref } = useParams();
  const tx = useTexts(coursesTexts);
  const check = useQuery({
    queryKey: ['find-certificate', ref],
    queryFn: () => call('find-certificate', { ref: ref ?? '' }),
    retry: false,
  });
  const c = check.data?.certificate;
  useDocumentTitle(`${c ? tx('certTitle') : tx('certInvalid')} · Agendo`);
  if (check.isPending) {
    return <PageLoading />;
  }
  if (!c) {
    return (
      <Container size="xs" py="xl">
        <Alert color="red" title={tx('certInvalid')}>
          {tx('certInvalidText')}
        </Alert>
      </Container>
    );
  }
  const rows = [
    [tx('certStudent'), c.studentName],
    [tx('certCourse'), c.courseTitle],
    [tx('certBy'), c.professionalName],
    [
      tx('certDate'),
      new Date(c.issuedAt).toLocaleDateString('es-AR', { day: 'numeric', month: 'long', year: 'numeric' }),
    ],
    [tx('certCode'), c.ref],
  ];
  return (
    <Container size="xs" py="xl">
      <Card withBorder radius="md" padding="xl" data-testid="certificate-check">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light">
            <IconRosetteDiscountCheck size={28} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={1} size="h3">
              {tx('certTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {tx('certText')}
            </Text>
          </div>
        </Group>
        <Stack gap={6} mt="lg" component="dl">
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </Stack>
      </Card>
    </Container>
  );
}
