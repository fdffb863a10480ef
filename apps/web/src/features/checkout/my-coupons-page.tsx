import type { Coupon } from '@agendo/contract';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconDiscount, IconPlus } from '@tabler/icons-react';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { EmptyNote, RetryAlert } from '../../ui/list-page.tsx';
import { couponTexts } from './coupon-texts.ts';

const couponsKey = ['find-coupons'] as const;

function displayDate(iso: string) {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** my-coupons: the professional's discount coupons (percent or amount, validity, usage limit). */
export function MyCouponsPage() {
  const tx = useTexts(couponTexts);
  const money = useMoneyText();
  useDocumentTitle(`${tx('title')} · Agendo`);
  const queryClient = useQueryClient();
  const coupons = useQuery({ queryKey: couponsKey, queryFn: () => call('find-coupons', {}) });
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const remove = useMutation({
    mutationFn: (ref: string) => call('delete-coupon', { ref }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('deleted') });
      void queryClient.invalidateQueries({ queryKey: couponsKey });
      setDeleting(null);
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') }),
  });
  const list = coupons.data?.coupons ?? [];
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {tx('title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {tx('new')}
        </Button>
      </Group>
      <Text c="dimmed" mb="md">
        {tx('intro')}
      </Text>
      {coupons.isPending ? (
        <Stack>
          <Skeleton h={72} />
          <Skeleton h={72} />
        </Stack>
      ) : coupons.isError ? (
        <RetryAlert text={tx('error')} retry={coupons.refetch} />
      ) : list.length === 0 ? (
        <EmptyNote icon={<IconDiscount size={36} aria-hidden />} title={tx('empty')} text={tx('emptyHint')} />
      ) : (
        <Stack component="ul" p={0} style={{ listStyle: 'none' }}>
          {list.map((c) => (
            <Card component="li" key={c.ref} withBorder padding="md" radius="md">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={800} ff="monospace">
                      {c.code}
                    </Text>
                    <Badge variant="light">
                      {c.kind === 'percent'
                        ? tx('percentOff', { value: c.value })
                        : tx('amountOff', { value: money(c.value, c.currency ?? 'USD') })}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {tx('validity', { from: displayDate(c.validFrom), to: displayDate(c.validTo) })} ·{' '}
                    {c.usageLimit === null
                      ? tx('usesUnlimited', { used: c.usedCount })
                      : tx('uses', { used: c.usedCount, limit: c.usageLimit })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => setEditing(c)}
                    aria-label={tx('editCode', { code: c.code })}
                  >
                    {tx('edit')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    onClick={() => setDeleting(c)}
                    aria-label={tx('deleteCode', { code: c.code })}
                  >
                    {tx('delete')}
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {editing && (
        <CouponForm
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: couponsKey });
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={tx('deleteQuestion')}
        message={tx('deleteText', { code: deleting?.code ?? '' })}
        confirmLabel={tx('delete')}
        cancelLabel={tx('cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.ref)}
      />
    </Container>
  );
}

const toIso = (d: string | Date | null) => {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function CouponForm({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: Coupon | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const tx = useTexts(couponTexts);
  const lang = useLang();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'amount'>(coupon?.kind ?? 'percent');
  const [value, setValue] = useState<string | number>(coupon?.value ?? '');
  const [validFrom, setValidFrom] = useState<string | null>(coupon?.validFrom ?? null);
  const [validTo, setValidTo] = useState<string | null>(coupon?.validTo ?? null);
  const [limit, setLimit] = useState<string | number>(coupon?.usageLimit ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      call('save-coupon', {
        ...(coupon ? { ref: coupon.ref } : {}),
        code,
        kind,
        value: typeof value === 'number' ? value : Number(value || 0),
        validFrom: toIso(validFrom),
        validTo: toIso(validTo),
        usageLimit: limit === '' ? null : Number(limit),
      }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('saved') });
      onSaved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field) setErrors({ [e.field]: e.message });
      else notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') });
    },
  });
  return (
    <Modal opened onClose={onClose} title={coupon ? tx('edit') : tx('new')} centered>
      <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
        <Stack>
          <TextInput
            label={tx('code')}
            description={tx('codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            error={errors.code}
            maxLength={20}
            data-autofocus
          />
          <SegmentedControl
            aria-label={tx('kind')}
            value={kind}
            onChange={(v) => setKind(v === 'amount' ? 'amount' : 'percent')}
            data={[
              { value: 'percent', label: tx('percent') },
              { value: 'amount', label: tx('amount') },
            ]}
          />
          <NumberInput
            label={kind === 'percent' ? tx('percentValue') : tx('amountValue')}
            value={value}
            onChange={setValue}
            min={0}
            max={kind === 'percent' ? 100 : undefined}
            decimalScale={kind === 'percent' ? 0 : 2}
            error={errors.value ?? errors.kind}
          />
          <Group grow>
            <DatePickerInput
              label={tx('from')}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} aria-hidden />}
              value={validFrom}
              onChange={(v) => setValidFrom(v)}
              error={errors.validFrom}
            />
            <DatePickerInput
              label={tx('to')}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} aria-hidden />}
              value={validTo}
              onChange={(v) => setValidTo(v)}
              error={errors.validTo}
            />
          </Group>
          <NumberInput
            label={tx('limit')}
            description={tx('limitHint')}
            value={limit}
            onChange={setLimit}
            min={1}
            allowDecimal={false}
            error={errors.usageLimit}
          />
          <DialogActions cancelLabel={tx('cancel')} onCancel={onClose}>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              {tx('save')}
            </Button>
          </DialogActions>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
