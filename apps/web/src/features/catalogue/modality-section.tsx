import { hasInPerson, modalities } from '@agendo/contract';
import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useCities, useStates } from '../../lib/places.ts';
import { NumberChoiceField, NumberSelectField } from '../../ui/form-fields.tsx';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { CountField } from './editor-fields.tsx';
import type { EditorForm } from './editor-section.tsx';

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
      <NumberChoiceField editor={editor} name="modalityId" label={tx('modality')}>
        {(ref) => (
          <Group gap="lg" mt="xs">
            {modalities.map((m, index) => (
              <Radio
                key={m.id}
                value={String(m.id)}
                label={lang === 'es' ? m.name : m.en}
                ref={index === 0 ? ref : undefined}
              />
            ))}
          </Group>
        )}
      </NumberChoiceField>
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
            <NumberSelectField
              editor={editor}
              name="stateId"
              cleared={null}
              onPicked={() => form.setValue('cityId', null, { shouldDirty: true })}
              label={tx('state')}
              placeholder={tx('optional')}
              data={(states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              searchable
              clearable
              nothingFoundMessage="Sin resultados"
              disabled={states.isPending && states.fetchStatus !== 'idle'}
            />
            <NumberSelectField
              editor={editor}
              name="cityId"
              cleared={null}
              label={tx('city')}
              placeholder={tx('optional')}
              data={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              searchable
              clearable
              limit={100}
              nothingFoundMessage="Sin resultados"
              disabled={typeof stateId !== 'number'}
            />
          </SimpleGrid>
        </>
      )}
      <CountField
        editor={editor}
        name="duration"
        label={tx('duration')}
        description={tx('durationHint')}
        min={15}
        max={600}
        step={5}
        maw={280}
      />
    </SectionCard>
  );
}
