import { countryIdForBrowserCountry, type Enrolment, moneyText } from '@agendo/contract';
import { Avatar, Badge, Button, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CommunityLink } from './community-link.tsx';
import { coursesTexts } from './courses-texts.ts';
import { downloadBase64Pdf } from './use-courses.ts';

const badgeColors: Record<Enrolment['badge'], string> = {
  'price-to-set': 'gray',
  unpaid: 'red',
  paid: 'teal',
  free: 'teal',
  'free-trial': 'blue',
};

/**
 * The workshop options panel (spec 000 §2.6): title, paid-status badge (IMPAGO / ABONADO /
 * PRUEBA GRATIS), PERIODO VENCIDO with re-contract, module entry (disabled while a priced
 * workshop is unpaid), view publication, the certificate at 100 %, the community link and the
 * contracting id. `side` 1 is the professional's view of a student, 2 the student's own.
 */
export function WorkshopPanel({ enrolment, side }: { enrolment: Enrolment; side: 1 | 2 }) {
  const tx = useTexts(coursesTexts);
  const { to, country } = usePrefix();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const certificate = useMutation({
    mutationFn: async () => {
      const ref =
        enrolment.certificateRef ??
        (await call('save-certificate-student', { bookingId: enrolment.ref })).certificateRef;
      return call('certificate', { ref });
    },
    onSuccess: (file) => {
      downloadBase64Pdf(file.pdf, file.fileName);
      void queryClient.invalidateQueries({ queryKey: ['find-bookings-workshops'] });
    },
  });
  const markPaid = useMutation({
    mutationFn: () => call('mark-pay-workshop', { ref: enrolment.ref }),
    onSuccess: () => {
      setConfirming(false);
      notifications.show({ color: 'teal', message: tx('paidToast') });
      void queryClient.invalidateQueries({ queryKey: ['find-bookings-workshops'] });
    },
  });
  const person =
    side === 2
      ? { name: enrolment.sellerName, img: enrolment.imgSeller }
      : { name: enrolment.clientName, img: enrolment.imgClient };
  return (
    <Card withBorder radius="md" padding="md" data-testid="workshop-panel">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: 1 }}>
          <Avatar src={person.img} alt="" radius="xl">
            {person.name.slice(0, 1)}
          </Avatar>
          <div>
            <Text fw={700}>{enrolment.title}</Text>
            <Text size="sm" c="dimmed">
              {side === 1 ? `${tx('student')}: ${person.name}` : person.name}
            </Text>
          </div>
        </Group>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={badgeColors[enrolment.badge]} data-testid="workshop-badge">
            {enrolment.badgeText}
          </Badge>
          {!enrolment.enableCourse && (
            <Badge color="orange" variant="outline">
              {tx('periodExpired')}
            </Badge>
          )}
        </Stack>
      </Group>

      <Text size="sm" mt="sm">
        {tx(side === 2 ? 'progress' : 'studentProgress', {
          done: enrolment.completed,
          total: enrolment.total,
          percent: enrolment.percent,
        })}
      </Text>
      <Progress value={enrolment.percent} mt={4} aria-label={`${enrolment.percent} %`} />
      {enrolment.expiresAt && (
        <Text size="xs" c="dimmed" mt={4}>
          {tx('expiresAt', { date: new Date(enrolment.expiresAt).toLocaleDateString('es-AR') })}
        </Text>
      )}
      {side === 2 && enrolment.unpaidPurchases > 0 && (
        <Text size="sm" c="orange.8" mt="xs">
          {tx('unpaidHint')}
        </Text>
      )}

      <Group mt="md" gap="xs">
        {side === 2 &&
          // A disabled link would still navigate: while entry is closed it is a plain button.
          (enrolment.moduleEntryEnabled && enrolment.firstLesson ? (
            <Button component={Link} to={to(`lesson/${enrolment.firstLesson}`)} size="sm">
              {tx('enterModules')}
            </Button>
          ) : (
            <Button disabled size="sm">
              {tx('enterModules')}
            </Button>
          ))}
        <Button component={Link} to={to(`course/${enrolment.courseRef}`)} variant="light" size="sm">
          {!enrolment.enableCourse && side === 2 ? tx('recontract') : tx('viewPublication')}
        </Button>
        {enrolment.certificate === 1 && (
          <Tooltip
            label={tx('certificateHint')}
            disabled={enrolment.certificateEnabled || Boolean(enrolment.certificateRef)}
          >
            <Button
              variant="default"
              size="sm"
              leftSection={
                enrolment.certificateEnabled ? <IconDownload size={16} /> : <IconCertificate size={16} />
              }
              disabled={!enrolment.certificateEnabled && !enrolment.certificateRef}
              loading={certificate.isPending}
              onClick={() => certificate.mutate()}
            >
              {tx('downloadCertificate')}
            </Button>
          </Tooltip>
        )}
        {side === 2 && enrolment.linkComunityWp && (
          <CommunityLink href={enrolment.linkComunityWp} label={tx('community')} variant="subtle" size="sm" />
        )}
        {side === 1 && enrolment.unpaidPurchases > 0 && (
          <Button size="sm" color="teal" onClick={() => setConfirming(true)}>
            {tx('markPaid')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        {tx('contractingId', { ref: enrolment.ref })}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={tx('markPaid')}
        message={tx('markPaidConfirm', {
          amount: moneyText(enrolment.amountDue, enrolment.currency, countryIdForBrowserCountry(country)),
        })}
        confirmLabel={tx('markPaid')}
        cancelLabel={tx('cancel')}
        loading={markPaid.isPending}
        onConfirm={() => markPaid.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
