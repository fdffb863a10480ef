import { bioMaxLength, type OutputOf } from '@agendo/contract';
import { Input, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import * as profileActions from '@agendo/contract/profile';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { EditorFrame, ProfileGate, SaveRow } from './profile-frame.tsx';
import { profileTexts } from './profile-texts.ts';
import { useSaveProfile } from './use-save-profile.ts';

/**
 * change-user-bio (spec 000 §2.2). The editor offers only what the server keeps (bold, italic,
 * underline, strike, lists, links); the server sanitises whatever arrives all the same. The
 * editor's code is in this page's chunk only, never in a public page's.
 */
export function ChangeUserBioPage() {
  return <ProfileGate>{(profile) => <BioForm profile={profile} />}</ProfileGate>;
}

const spanishLabels = {
  boldControlLabel: 'Negrita',
  italicControlLabel: 'Cursiva',
  underlineControlLabel: 'Subrayado',
  strikeControlLabel: 'Tachado',
  bulletListControlLabel: 'Lista con viñetas',
  orderedListControlLabel: 'Lista numerada',
  linkControlLabel: 'Agregar enlace',
  unlinkControlLabel: 'Quitar enlace',
  linkEditorInputLabel: 'Dirección del enlace',
  linkEditorInputPlaceholder: 'https://www.ejemplo.com',
  linkEditorExternalLink: 'Abrir en una pestaña nueva',
  linkEditorInternalLink: 'Abrir en la misma pestaña',
  linkEditorSave: 'Guardar',
  undoControlLabel: 'Deshacer',
  redoControlLabel: 'Rehacer',
};

function BioForm({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(profileTexts);
  const lang = useLang();
  const save = useSaveProfile('change-user-bio');
  const [error, setError] = useState<string | undefined>();
  const [length, setLength] = useState(profile.userBio?.length ?? 0);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: profile.userBio ?? '',
    onUpdate: ({ editor: e }) => setLength(e.getHTML().length),
    immediatelyRender: true,
  });

  async function onSave() {
    if (!editor) return;
    const html = editor.isEmpty ? '' : editor.getHTML();
    if (html.length > bioMaxLength) {
      setError(errorText(profileActions.changeUserBio, 'E80', lang));
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync({ userBio: html });
      // What the server kept is what the public page will show.
      editor.commands.setContent(saved.userBio ?? '');
    } catch (e) {
      showApiError(profileActions.changeUserBio, e, lang);
    }
  }

  return (
    <EditorFrame title={tx('bioTitle')} intro={tx('bioIntro')}>
      <Input.Wrapper label={tx('bioLabel')} error={error} id="user-bio">
        <RichTextEditor editor={editor} labels={lang === 'es' ? spanishLabels : undefined}>
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content aria-label={tx('bioLabel')} mih={200} />
        </RichTextEditor>
      </Input.Wrapper>
      <Text size="xs" c={length > bioMaxLength ? 'red.8' : 'dimmed'}>
        {tx('bioCount', { count: length, max: bioMaxLength })}
      </Text>
      <SaveRow saving={save.isPending} onClick={onSave} />
    </EditorFrame>
  );
}
