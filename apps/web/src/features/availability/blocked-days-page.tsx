import type { BlockedDay } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { Group, Input, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarCheck, IconLock } from '@tabler/icons-react';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { type FormEvent, useId, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { loginRequired } from '../../ui/require-login.tsx';
import { EditorScreen } from './availability-frame.tsx';
import { availabilityTexts } from './availability-texts.ts';
import { AddForm, isNetworkFailure, notifySaved, RemovableList } from './editor-parts.tsx';
import { capitalized, dayRange, todayLocal } from './format-dates.ts';
import { useBlockedDays, useSaveBlockedDays } from './use-availability.ts';

export const BlockedDaysPage = loginRequired(BlockedDaysScreen);

const asInput = (blocks: BlockedDay[]) =>
  blocks.map((b) => ({ from: b.from, to: b.to, ...(b.reason ? { reason: b.reason } : {}) }));

function BlockedDaysScreen() {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const query = useBlockedDays();
  const save = useSaveBlockedDays();
  const when = (block: BlockedDay) => dayRange(block.from, block.to, lang);

  return (
    <EditorScreen title={t('blockedTitle')} subtitle={t('blockedHint')} query={query}>
      {(data) => (
        <>
          <BlockForm
            saving={save.isPending}
            onBlock={async (block) => {
              await save.mutateAsync([...asInput(data.blocks), block]);
              notifySaved(t('blockedSaved'));
            }}
          />
          <Title order={2} fz="lg">
            {t('blockedList')}
          </Title>
          <RemovableList
            items={data.blocks}
            emptyIcon={IconCalendarCheck}
            emptyText={t('blockedEmpty')}
            removeLabel={(block) => t('unblock', { when: when(block) })}
            confirm={{
              title: t('unblockTitle'),
              text: (block) => t('unblockText', { when: capitalized(when(block)) }),
              label: t('unblockConfirm'),
            }}
            removedText={t('unblocked')}
            action={availabilityActions.saveBlockedDays}
            saving={save.isPending}
            remove={(block) => save.mutateAsync(asInput(data.blocks.filter((b) => b.ref !== block.ref)))}
          >
            {(block) => (
              <Group gap="sm" wrap="nowrap">
                <IconLock size={18} aria-hidden />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {capitalized(when(block))}
                  </Text>
                  {block.reason && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {block.reason}
                    </Text>
                  )}
                </Stack>
              </Group>
            )}
          </RemovableList>
        </>
      )}
    </EditorScreen>
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

  async function submit(event: FormEvent) {
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
      if (isNetworkFailure(error)) return;
      const text = apiErrorText(availabilityActions.saveBlockedDays, error, lang);
      setErrors(error instanceof ApiError && error.code === 'E6' ? { reason: text } : { days: text });
    }
  }

  return (
    <AddForm onSubmit={submit} saving={saving} icon={IconLock} submitLabel={t('block')}>
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
    </AddForm>
  );
}
