import type { BlockedDay } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { ActionIcon, Button, Group, Input, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconCalendarCheck, IconLock, IconTrash } from '@tabler/icons-react';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { useId, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { AvailabilityFrame, LoadError, LoadingState, RequireLogin } from './availability-frame.tsx';
import { availabilityTexts } from './availability-texts.ts';
import { capitalized, dayRange, todayLocal } from './format-dates.ts';
import { useBlockedDays, useSaveBlockedDays } from './use-availability.ts';

export function BlockedDaysPage() {
  return (
    <RequireLogin>
      <BlockedDaysScreen />
    </RequireLogin>
  );
}

const asInput = (blocks: BlockedDay[]) =>
  blocks.map((b) => ({ from: b.from, to: b.to, ...(b.reason ? { reason: b.reason } : {}) }));

function BlockedDaysScreen() {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const query = useBlockedDays();
  const save = useSaveBlockedDays();
  const [toRemove, setToRemove] = useState<BlockedDay | null>(null);
  const data = query.data;

  async function remove(block: BlockedDay) {
    if (!data) return;
    try {
      await save.mutateAsync(asInput(data.blocks.filter((b) => b.ref !== block.ref)));
      notifications.show({ color: 'teal', message: t('unblocked'), autoClose: 10000 });
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetwork)) {
        notifications.show({
          color: 'red',
          message: apiErrorText(availabilityActions.saveBlockedDays, error, lang),
          autoClose: 10000,
        });
      }
    } finally {
      setToRemove(null);
    }
  }

  return (
    <AvailabilityFrame title={t('blockedTitle')} subtitle={t('blockedHint')} timezone={data?.timezone}>
      {query.isPending && <LoadingState />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && (
        <>
          <BlockForm
            saving={save.isPending}
            onBlock={async (block) => {
              await save.mutateAsync([...asInput(data.blocks), block]);
              notifications.show({ color: 'teal', message: t('blockedSaved'), autoClose: 10000 });
            }}
          />
          <Title order={2} fz="lg">
            {t('blockedList')}
          </Title>
          {data.blocks.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Stack align="center" gap="xs" ta="center">
                <IconCalendarCheck size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text c="dimmed">{t('blockedEmpty')}</Text>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.blocks.map((block) => {
                const when = dayRange(block.from, block.to, lang);
                return (
                  <Paper key={block.ref} component="li" withBorder radius="md" px="md" py="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <IconLock size={18} aria-hidden />
                        <Stack gap={2}>
                          <Text fw={600} size="sm">
                            {capitalized(when)}
                          </Text>
                          {block.reason && (
                            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                              {block.reason}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={44}
                        onClick={() => setToRemove(block)}
                        aria-label={t('unblock', { when })}
                      >
                        <IconTrash size={20} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
          <ConfirmDialog
            opened={toRemove !== null}
            onClose={() => setToRemove(null)}
            title={t('unblockTitle')}
            message={
              toRemove
                ? t('unblockText', { when: capitalized(dayRange(toRemove.from, toRemove.to, lang)) })
                : ''
            }
            cancelLabel={t('cancel')}
            confirmLabel={t('unblockConfirm')}
            loading={save.isPending}
            onConfirm={() => toRemove && remove(toRemove)}
          />
        </>
      )}
    </AvailabilityFrame>
  );
}

function BlockForm({
  saving,
  onBlock,
}: {
  saving: boolean;
  onBlock: (block: { from: string; to: string; reason?: string }) => Promise<void>;
}) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const pickerLabel = useId();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ days?: string | undefined; reason?: string | undefined }>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const [from, to] = range;
    if (!from) {
      setErrors({ days: t('chooseDays') });
      return;
    }
    const block = { from, to: to ?? from, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    const parsed = availabilityActions.saveBlockedDays.input.safeParse({ blocks: [block] });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    if (issue) {
      const text = errorText(availabilityActions.saveBlockedDays, issue.message, lang);
      setErrors(issue.message === 'E6' ? { reason: text } : { days: text });
      return;
    }
    try {
      await onBlock(block);
      setRange([null, null]);
      setReason('');
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) return;
      const text = apiErrorText(availabilityActions.saveBlockedDays, error, lang);
      setErrors(error instanceof ApiError && error.code === 'E6' ? { reason: text } : { days: text });
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Input.Wrapper id={pickerLabel} label={t('pickDays')} error={errors.days}>
          <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
            <DatePicker
              type="range"
              allowSingleDateInRange
              value={range}
              onChange={(value) => {
                setRange(value);
                setErrors((e) => ({ ...e, days: undefined }));
              }}
              minDate={todayLocal()}
              size="md"
              aria-labelledby={`${pickerLabel}-label`}
              mt="xs"
            />
          </DatesProvider>
        </Input.Wrapper>
        {range[0] && (
          <Text size="sm" role="status">
            {capitalized(dayRange(range[0], range[1] ?? range[0], lang))}
          </Text>
        )}
        <TextInput
          label={t('reason')}
          placeholder={t('reasonPlaceholder')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors((er) => ({ ...er, reason: undefined }));
          }}
          maxLength={200}
          error={errors.reason}
          size="md"
        />
        <Button
          type="submit"
          loading={saving}
          leftSection={<IconLock size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('block')}
        </Button>
      </Stack>
    </Paper>
  );
}
