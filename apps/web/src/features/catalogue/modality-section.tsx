import { hasInPerson, modalities } from '@agendo/contract';
import { Group, NumberInput, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useCities, useStates } from '../../lib/places.ts';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { type EditorForm, fromNumberInput, numberValue } from './editor-section.tsx';

export function ModalitySection({
  editor,
  countryId,
}: {
  editor: EditorForm;
  countryId: number | undefined;
}) {
  const tx = useTexts(catalogueTexts);
  const lang = useLang();
  const { form, fieldError } = editor;
  const modalityId = form.watch('modalityId');
  const stateId = form.watch('stateId');
  const inPerson = hasInPerson(modalityId);

  // Only an in-person modality asks where.
  const states = useStates(inPerson ? countryId : null);
  const cities = useCities(inPerson ? stateId : null);

  return (
    <SectionCard id="modalidad" title={tx('sectionModality')}>
      <Controller
        control={form.control}
        name="modalityId"
        render={({ field }) => (
          <Radio.Group
            label={tx('modality')}
            withAsterisk
            value={String(field.value ?? '')}
            onChange={(value) => field.onChange(Number(value))}
            error={fieldError('modalityId')}
          >
            <Group gap="lg" mt="xs">
              {modalities.map((m, index) => (
                <Radio
                  key={m.id}
                  value={String(m.id)}
                  label={lang === 'es' ? m.name : m.en}
                  ref={index === 0 ? field.ref : undefined}
                />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      {inPerson && (
        <>
          <TextInput
            label={tx('address')}
            description={tx('addressHint')}
            placeholder={tx('addressPlaceholder')}
            withAsterisk
            maxLength={200}
            autoComplete="street-address"
            error={fieldError('address')}
            {...form.register('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="stateId"
              render={({ field }) => (
                <Select
                  label={tx('state')}
                  placeholder={tx('optional')}
                  data={(states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                  searchable
                  clearable
                  nothingFoundMessage="Sin resultados"
                  disabled={states.isPending && states.fetchStatus !== 'idle'}
                  value={typeof field.value === 'number' ? String(field.value) : null}
                  onChange={(value) => {
                    field.onChange(value ? Number(value) : null);
                    form.setValue('cityId', null, { shouldDirty: true });
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError('stateId')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="cityId"
              render={({ field }) => (
                <Select
                  label={tx('city')}
                  placeholder={tx('optional')}
                  data={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  searchable
                  clearable
                  limit={100}
                  nothingFoundMessage="Sin resultados"
                  disabled={typeof stateId !== 'number'}
                  value={typeof field.value === 'number' ? String(field.value) : null}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError('cityId')}
                />
              )}
            />
          </SimpleGrid>
        </>
      )}
      <Controller
        control={form.control}
        name="duration"
        render={({ field }) => (
          <NumberInput
            size="md"
            label={tx('duration')}
            description={tx('durationHint')}
            withAsterisk
            min={15}
            max={600}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            maw={280}
            value={numberValue(field.value)}
            onChange={(value) => field.onChange(fromNumberInput(value) ?? undefined)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError('duration')}
          />
        )}
      />
    </SectionCard>
  );
}
