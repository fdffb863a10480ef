import { languageKeys, languageNames, otherTherapyId, symptoms, therapies } from '@agendo/contract';
import { Chip, Group, Input, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { NumberSelectField } from '../../ui/form-fields.tsx';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { type EditorForm, isOn } from './editor-section.tsx';

const therapyOptions = therapies.map((t) => ({ value: String(t.id), label: t.name }));
const symptomOptions = symptoms.map((s) => ({ value: String(s.id), label: s.name }));

export function GeneralSection({ editor }: { editor: EditorForm }) {
  const tx = useTexts(catalogueTexts);
  const lang = useLang();
  const { form, fieldError } = editor;
  const therapyId = form.watch('therapyId');

  return (
    <SectionCard id="general" title={tx('sectionGeneral')}>
      <TextInput
        label={tx('title')}
        placeholder={tx('titlePlaceholder')}
        withAsterisk
        maxLength={120}
        error={fieldError('title')}
        {...form.register('title')}
      />
      <NumberSelectField
        editor={editor}
        name="therapyId"
        cleared={undefined}
        label={tx('therapy')}
        placeholder={tx('therapyPlaceholder')}
        withAsterisk
        data={therapyOptions}
        searchable
        nothingFoundMessage="Sin resultados"
      />
      {therapyId === otherTherapyId && (
        <TextInput
          label={tx('therapyOther')}
          placeholder={tx('therapyOtherPlaceholder')}
          withAsterisk
          maxLength={80}
          error={fieldError('therapyOther')}
          {...form.register('therapyOther')}
        />
      )}
      <Textarea
        size="md"
        label={tx('description')}
        description={tx('descriptionHint')}
        withAsterisk
        autosize
        minRows={4}
        maxRows={14}
        maxLength={5000}
        error={fieldError('description')}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="symptoms"
        render={({ field }) => (
          <MultiSelect
            size="md"
            label={tx('symptoms')}
            description={tx('symptomsHint')}
            placeholder={tx('symptomsPlaceholder')}
            data={symptomOptions}
            searchable
            clearable
            hidePickedOptions
            maxValues={10}
            nothingFoundMessage="Sin resultados"
            value={(field.value ?? []).map(String)}
            onChange={(values) => field.onChange(values.map(Number))}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError('symptoms')}
          />
        )}
      />
      <Input.Wrapper label={tx('languages')} withAsterisk error={fieldError('langEs')}>
        <Stack gap={6} mt={6}>
          <Group gap="xs">
            {languageKeys.map((key) => (
              <Controller
                key={key}
                control={form.control}
                name={key}
                render={({ field }) => (
                  <Chip
                    checked={isOn(field.value)}
                    onChange={(checked) => field.onChange(checked)}
                    ref={field.ref}
                    variant="outline"
                  >
                    {languageNames[key][lang]}
                  </Chip>
                )}
              />
            ))}
          </Group>
        </Stack>
      </Input.Wrapper>
    </SectionCard>
  );
}
