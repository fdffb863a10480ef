import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import { Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { MoneyField, NumberChoiceField } from '../../ui/form-fields.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { FormActions, itemFormModal } from './form-modal.tsx';
import { type Module, useRefreshWorkshop } from './use-course-editor.ts';

/** The module being edited: a new one, or one of the workshop's. */
export type ModuleTarget = { workshopRef: string; currency: string; module?: Module };

export const ModuleFormModal = itemFormModal(ModuleForm, {
  itemKey: (target: ModuleTarget) => target.module?.ref,
  titles: { new: 'newModuleTitle', edit: 'editModuleTitle' },
});

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
  const editor = useActionForm(coursesActions.saveModule, { defaultValues });
  const { form, fieldError, submit } = editor;
  const moduleFree = form.watch('moduleFree');

  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-module'>) => call('save-module', values),
    onSuccess: async () => {
      await refresh(workshopRef);
      notifications.show({ color: 'teal', message: tx('moduleSaved') });
      onDone();
    },
  });

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
        <NumberChoiceField editor={editor} name="moduleFree" label={tx('moduleFree')}>
          {(ref) => (
            <Stack gap="xs" mt="xs">
              <Radio value="0" label={tx('moduleFree0')} ref={ref} />
              <Radio value="1" label={tx('moduleFree1')} />
              <Radio value="2" label={tx('moduleFree2')} />
            </Stack>
          )}
        </NumberChoiceField>
        {moduleFree !== 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyField
              editor={editor}
              name="priceLocal"
              label={tx('priceLocal', { currency })}
              currency={currency}
              max={courseLimits.priceMax}
            />
            <MoneyField
              editor={editor}
              name="priceInter"
              label={tx('priceInter')}
              description={tx('priceInterHint')}
              currency="USD"
              max={courseLimits.priceMax}
            />
          </SimpleGrid>
        )}
        <FormActions onCancel={onDone} submitLabel={tx('save')} saving={save.isPending} />
      </Stack>
    </form>
  );
}
