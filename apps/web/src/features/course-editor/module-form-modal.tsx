import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import {
  Button,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { courseEditorTexts } from './course-editor-texts.ts';
import { FormModal } from './form-modal.tsx';
import { type Module, useRefreshWorkshop } from './use-course-editor.ts';

/** The module being edited: a new one, or one of the workshop's. */
export type ModuleTarget = { workshopRef: string; currency: string; module?: Module };

export function ModuleFormModal({ target, onClose }: { target: ModuleTarget | null; onClose: () => void }) {
  const tx = useTexts(courseEditorTexts);
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={target?.module ? tx('editModuleTitle') : tx('newModuleTitle')}
    >
      {target && <ModuleForm key={target.module?.ref ?? 'new'} target={target} onDone={onClose} />}
    </FormModal>
  );
}

type ModuleFormValues = InputOf<'save-module'>;

function ModuleForm({ target, onDone }: { target: ModuleTarget; onDone: () => void }) {
  const tx = useTexts(courseEditorTexts);
  const refresh = useRefreshWorkshop();
  const { module, workshopRef, currency } = target;
  const defaultValues: ModuleFormValues = module
    ? {
        workshopRef,
        ref: module.ref,
        title: module.title,
        description: module.description,
        priceLocal: module.priceLocal,
        priceInter: module.priceInter,
        moduleFree: module.moduleFree,
      }
    : { workshopRef, title: '', description: '', priceLocal: 0, priceInter: 0, moduleFree: 0 };
  const { form, fieldError, submit } = useActionForm(coursesActions.saveModule, { defaultValues });
  const moduleFree = form.watch('moduleFree');

  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-module'>) => call('save-module', values),
    onSuccess: async () => {
      await refresh(workshopRef);
      notifications.show({ color: 'teal', message: tx('moduleSaved') });
      onDone();
    },
  });

  const priceField = (name: 'priceLocal' | 'priceInter', label: string, unit: string, hint?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={hint}
          withAsterisk
          min={0}
          max={courseLimits.priceMax}
          allowNegative={false}
          decimalScale={unit === 'CLP' ? 0 : 2}
          thousandSeparator="."
          decimalSeparator=","
          inputMode="decimal"
          leftSection={
            <Text size="xs" fw={600} c="dimmed" aria-hidden>
              {unit}
            </Text>
          }
          leftSectionWidth={48}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(value === '' ? null : Number(value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldError(name)}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit((values) => save.mutateAsync(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={tx('moduleTitle')}
          withAsterisk
          maxLength={courseLimits.moduleTitleMax}
          error={fieldError('title')}
          data-autofocus
          {...form.register('title')}
        />
        <Textarea
          label={tx('moduleDescription')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={courseLimits.descriptionMax}
          error={fieldError('description')}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="moduleFree"
          render={({ field }) => (
            <Radio.Group
              label={tx('moduleFree')}
              withAsterisk
              value={String(field.value ?? '')}
              onChange={(value) => field.onChange(Number(value))}
              error={fieldError('moduleFree')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="0" label={tx('moduleFree0')} />
                <Radio value="1" label={tx('moduleFree1')} />
                <Radio value="2" label={tx('moduleFree2')} />
              </Stack>
            </Radio.Group>
          )}
        />
        {moduleFree !== 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {priceField('priceLocal', tx('priceLocal', { currency }), currency)}
            {priceField('priceInter', tx('priceInter'), 'USD', tx('priceInterHint'))}
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {tx('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tx('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
