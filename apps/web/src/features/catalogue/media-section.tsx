import { Text, TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import type { EditorForm } from './editor-section.tsx';
import { ImagesManager } from './images-manager.tsx';

export function MediaSection({
  editor,
  savedRef,
  images,
}: {
  editor: EditorForm;
  savedRef: string | undefined;
  images: { id: string; link: string }[];
}) {
  const tx = useTexts(catalogueTexts);
  const { form, fieldError } = editor;
  return (
    <SectionCard id="imagenes" title={tx('sectionMedia')}>
      <Text fw={600} size="sm">
        {tx('images')}
      </Text>
      {savedRef ? (
        <ImagesManager publicationRef={savedRef} images={images} />
      ) : (
        <Text size="sm" c="dimmed">
          {tx('imagesAfterSave')}
        </Text>
      )}
      <TextInput
        label={tx('video')}
        description={tx('videoHint')}
        placeholder={tx('videoPlaceholder')}
        type="url"
        inputMode="url"
        maxLength={500}
        error={fieldError('video')}
        {...form.register('video')}
      />
    </SectionCard>
  );
}
