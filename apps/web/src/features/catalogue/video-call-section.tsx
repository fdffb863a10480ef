import { hasOnline, videoCallPlatformIds, videoCallPlatforms } from '@agendo/contract';
import { PasswordInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import type { EditorForm } from './editor-section.tsx';

export function VideoCallSection({ editor }: { editor: EditorForm }) {
  const tx = useTexts(catalogueTexts);
  const lang = useLang();
  const { form, fieldError } = editor;
  const [modalityId, platform] = form.watch(['modalityId', 'platformVideoCall']);
  const online = hasOnline(modalityId);
  // The own room needs nothing; with the messaging app the professional calls the client's phone.
  const external =
    typeof platform === 'number' &&
    platform !== videoCallPlatformIds.own &&
    platform !== videoCallPlatformIds.messaging;

  return (
    <SectionCard
      id="videollamada"
      title={tx('sectionVideo')}
      description={online ? tx('platformHint') : undefined}
    >
      {!online ? (
        <Text size="sm" c="dimmed">
          {tx('onlineOnlyVideo')}
        </Text>
      ) : (
        <>
          <Controller
            control={form.control}
            name="platformVideoCall"
            render={({ field }) => (
              <Select
                label={tx('platform')}
                withAsterisk
                allowDeselect={false}
                data={videoCallPlatforms.map((p) => ({
                  value: String(p.id),
                  label: lang === 'es' ? p.name : p.en,
                }))}
                value={typeof field.value === 'number' ? String(field.value) : null}
                onChange={(value) => {
                  const next = value ? Number(value) : null;
                  field.onChange(next);
                  if (next === videoCallPlatformIds.own || next === videoCallPlatformIds.messaging) {
                    for (const name of ['linkVideoCall', 'passVideoCall', 'roomIdLink'] as const) {
                      form.setValue(name, null, { shouldDirty: true });
                    }
                    form.clearErrors(['linkVideoCall', 'passVideoCall', 'roomIdLink']);
                  }
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError('platformVideoCall')}
              />
            )}
          />
          {external && (
            <>
              <TextInput
                label={tx('linkVideoCall')}
                description={tx('linkVideoCallHint')}
                withAsterisk={platform === videoCallPlatformIds.other}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={500}
                error={fieldError('linkVideoCall')}
                {...form.register('linkVideoCall')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label={tx('passVideoCall')}
                  placeholder={tx('optional')}
                  maxLength={64}
                  autoComplete="off"
                  error={fieldError('passVideoCall')}
                  {...form.register('passVideoCall')}
                />
                <TextInput
                  label={tx('roomIdLink')}
                  placeholder={tx('optional')}
                  maxLength={64}
                  error={fieldError('roomIdLink')}
                  {...form.register('roomIdLink')}
                />
              </SimpleGrid>
            </>
          )}
        </>
      )}
    </SectionCard>
  );
}
