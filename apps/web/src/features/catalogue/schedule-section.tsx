import { daysForMaxRes, maxResCodes } from '@agendo/contract';
import { Button, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { type EditorForm, fromNumberInput, numberValue } from './editor-section.tsx';

const noticeChoices = [0, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080];

/** The availability editor of each typeTurn (built by the availability feature). */
export function availabilityPath(ref: string, typeTurn: number): string {
  return typeTurn === 2 ? `edit-turns/${ref}` : `edit-turns-recurrents/${ref}`;
}

export function ScheduleSection({ editor, savedRef }: { editor: EditorForm; savedRef: string | undefined }) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  const { form, fieldError } = editor;
  const typeTurn = form.watch('typeTurn');
  const notice = form.watch('noticeMin');

  const maxResOptions = [...maxResCodes]
    .sort((a, b) => daysForMaxRes(a) - daysForMaxRes(b))
    .map((code) => ({ value: String(code), label: tx('maxResOption', { days: daysForMaxRes(code) }) }));
  const noticeValues =
    typeof notice === 'number' && !noticeChoices.includes(notice)
      ? [...noticeChoices, notice].sort((a, b) => a - b)
      : noticeChoices;
  const noticeOptions = noticeValues.map((minutes) => ({
    value: String(minutes),
    label:
      minutes === 0
        ? tx('noticeOption0')
        : minutes < 1440 || minutes % 1440 !== 0
          ? tx('noticeOptionHours', { n: Math.round((minutes / 60) * 10) / 10 })
          : tx('noticeOptionDays', { n: minutes / 1440 }),
  }));

  return (
    <SectionCard id="agenda" title={tx('sectionSchedule')}>
      <Controller
        control={form.control}
        name="typeTurn"
        render={({ field }) => (
          <Radio.Group
            label={tx('typeTurn')}
            withAsterisk
            value={String(field.value ?? '')}
            onChange={(value) => field.onChange(Number(value))}
            error={fieldError('typeTurn')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="1"
                label={tx('typeTurnWeekly')}
                description={tx('typeTurnWeeklyHint')}
                ref={field.ref}
              />
              <Radio value="2" label={tx('typeTurnDated')} description={tx('typeTurnDatedHint')} />
            </Stack>
          </Radio.Group>
        )}
      />
      {savedRef ? (
        <Button
          component={Link}
          to={to(availabilityPath(savedRef, typeTurn === 2 ? 2 : 1))}
          variant="light"
          c="brand.9"
          leftSection={<IconCalendarTime size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {tx('editAvailability')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {tx('availabilityAfterSave')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="maxRes"
          render={({ field }) => (
            <Select
              label={tx('maxRes')}
              withAsterisk
              data={maxResOptions}
              allowDeselect={false}
              value={typeof field.value === 'number' ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError('maxRes')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="noticeMin"
          render={({ field }) => (
            <Select
              label={tx('notice')}
              data={noticeOptions}
              allowDeselect={false}
              value={typeof field.value === 'number' ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError('noticeMin')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="qtySessions"
          render={({ field }) => (
            <NumberInput
              size="md"
              label={tx('qtySessions')}
              description={tx('qtySessionsHint')}
              withAsterisk
              min={1}
              max={50}
              allowDecimal={false}
              allowNegative={false}
              value={numberValue(field.value)}
              onChange={(value) => field.onChange(fromNumberInput(value) ?? undefined)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError('qtySessions')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="groupCapacity"
          render={({ field }) => (
            <NumberInput
              size="md"
              label={tx('groupCapacity')}
              description={tx('groupCapacityHint')}
              withAsterisk
              min={1}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              value={numberValue(field.value)}
              onChange={(value) => field.onChange(fromNumberInput(value) ?? undefined)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError('groupCapacity')}
            />
          )}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
