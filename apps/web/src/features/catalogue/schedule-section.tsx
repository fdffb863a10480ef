import { daysForMaxRes, maxResCodes } from '@agendo/contract';
import { Button, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { NumberChoiceField, NumberSelectField } from '../../ui/form-fields.tsx';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { CountField } from './editor-fields.tsx';
import type { EditorForm } from './editor-section.tsx';

const noticeChoices = [0, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080];

/** The availability editor of each typeTurn (built by the availability feature). */
export function availabilityPath(ref: string, typeTurn: number): string {
  return typeTurn === 2 ? `edit-turns/${ref}` : `edit-turns-recurrents/${ref}`;
}

export function ScheduleSection({ editor, savedRef }: { editor: EditorForm; savedRef: string | undefined }) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  const { form } = editor;
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
      <NumberChoiceField editor={editor} name="typeTurn" label={tx('typeTurn')}>
        {(ref) => (
          <Stack gap="sm" mt="xs">
            <Radio value="1" label={tx('typeTurnWeekly')} description={tx('typeTurnWeeklyHint')} ref={ref} />
            <Radio value="2" label={tx('typeTurnDated')} description={tx('typeTurnDatedHint')} />
          </Stack>
        )}
      </NumberChoiceField>
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
        <NumberSelectField
          editor={editor}
          name="maxRes"
          cleared={undefined}
          label={tx('maxRes')}
          withAsterisk
          data={maxResOptions}
          allowDeselect={false}
        />
        <NumberSelectField
          editor={editor}
          name="noticeMin"
          cleared={undefined}
          label={tx('notice')}
          data={noticeOptions}
          allowDeselect={false}
        />
        <CountField
          editor={editor}
          name="qtySessions"
          label={tx('qtySessions')}
          description={tx('qtySessionsHint')}
          min={1}
          max={50}
        />
        <CountField
          editor={editor}
          name="groupCapacity"
          label={tx('groupCapacity')}
          description={tx('groupCapacityHint')}
          min={1}
          max={100}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
