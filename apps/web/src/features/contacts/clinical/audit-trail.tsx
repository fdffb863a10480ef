import type { AuditEntry } from '@agendo/contract';
import { Badge, Button, Card, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useLang } from '../../../i18n/use-t.ts';
import { useTexts } from '../../../i18n/use-texts.ts';
import { call } from '../../../lib/api.ts';
import { clinicalTexts } from './clinical-texts.ts';
import { ListLoadError } from './list-load-error.tsx';

const actionLabels: Record<AuditEntry['action'], { es: string; en: string }> = {
  read: { es: 'Consultó', en: 'Read' },
  create: { es: 'Agregó', en: 'Added' },
  update: { es: 'Editó', en: 'Edited' },
  delete: { es: 'Borró', en: 'Deleted' },
  export: { es: 'Exportó', en: 'Exported' },
  print: { es: 'Imprimió', en: 'Printed' },
  upload: { es: 'Subió un archivo', en: 'Uploaded a file' },
  download: { es: 'Abrió un archivo', en: 'Opened a file' },
};

const areaLabels: Record<string, { es: string; en: string }> = {
  complaint: { es: 'Motivo de consulta', en: 'Reason for consultation' },
  session: { es: 'Consulta y evolución', en: 'Consultation and progress' },
  study: { es: 'Estudios', en: 'Studies' },
  treatment: { es: 'Tratamientos', en: 'Treatments' },
  consent: { es: 'Consentimientos', en: 'Consents' },
  allergy: { es: 'Alergias', en: 'Allergies' },
  background: { es: 'Antecedentes', en: 'History' },
  vaccine: { es: 'Vacunas', en: 'Vaccines' },
  files: { es: 'Archivos', en: 'Files' },
  records: { es: 'Historia clínica (PDF)', en: 'Clinical history (PDF)' },
  contact: { es: 'Datos del consultante', en: 'Contact data' },
  notes: { es: 'Notas', en: 'Notes' },
  audit: { es: 'Registro de accesos', en: 'Access log' },
};

/** How each outcome of an access to the record shows: its colour and its word. */
const outcomeBadge = {
  ok: { color: 'teal', text: 'outcomeOk' },
  denied: { color: 'red', text: 'outcomeDenied' },
  error: { color: 'orange', text: 'outcomeError' },
} as const satisfies Record<AuditEntry['outcome'], { color: string; text: string }>;

/**
 * Ley 26.529: who read or changed this contact's record, newest first (find-audit-trail). The
 * host gives the heading (the contact screen shows it in a 'Registro de accesos' modal).
 */
export function AuditTrail({ contactRef }: { contactRef: string }) {
  const tx = useTexts(clinicalTexts);
  const lang = useLang();
  const list = useInfiniteQuery({
    queryKey: ['clinical', contactRef, 'audit'],
    queryFn: ({ pageParam }) => call('find-audit-trail', { consId: contactRef, next: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((n, page) => n + page.results.length, 0) : undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.results) ?? [];
  const outcome = (value: AuditEntry['outcome']) => (
    <Badge color={outcomeBadge[value].color} variant="light">
      {tx(outcomeBadge[value].text)}
    </Badge>
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {tx('auditIntro')}
      </Text>
      {list.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : list.isError ? (
        <ListLoadError retry={list.refetch} />
      ) : rows.length === 0 ? (
        <Card withBorder>
          <Text>{tx('auditEmpty')}</Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tx('auditWhen')}</Table.Th>
                <Table.Th>{tx('auditWho')}</Table.Th>
                <Table.Th>{tx('auditWhat')}</Table.Th>
                <Table.Th>{tx('auditOutcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    {DateTime.fromISO(row.at).setLocale(lang).toLocaleString(DateTime.DATETIME_SHORT)}
                  </Table.Td>
                  <Table.Td>{row.actorName}</Table.Td>
                  <Table.Td>
                    {actionLabels[row.action][lang]} · {areaLabels[row.area]?.[lang] ?? row.area}
                  </Table.Td>
                  <Table.Td>{outcome(row.outcome)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {tx('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
