import { currencyForCountryId, type ParsedInputOf } from '@agendo/contract';
import * as catalogueActions from '@agendo/contract/catalogue';
import { Alert, Button, Container, Group, Stack, Switch, Text } from '@mantine/core';
import '@mantine/dates/styles.css';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { publicationKey } from '../../lib/publication-query.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { titleSlug } from '../../lib/title-slug.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { DeleteCard, EditorFrame, useItemEditor } from '../../ui/editor-frame.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { EditorSkeleton, LeaveGuardModal } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { DeleteServiceModal } from './delete-service-modal.tsx';
import { GeneralSection } from './general-section.tsx';
import { MediaSection } from './media-section.tsx';
import { ModalitySection } from './modality-section.tsx';
import { PricesSection } from './prices-section.tsx';
import {
  type EditorSection,
  editorSections,
  formValuesOf,
  isEditorSection,
  newPublicationValues,
} from './publication-form.ts';
import { ScheduleSection } from './schedule-section.tsx';
import {
  myPublicationsKey,
  type Publication,
  useOwnInfo,
  usePausePublication,
  usePublication,
} from './use-publications.ts';
import { VideoCallSection } from './video-call-section.tsx';

/** new-service, edit-service/{ref} and general-service/{ref}/{type?} (type opens a section). */
export const ServiceEditorPage = loginRequired(EditorLoader);

function EditorLoader() {
  const tx = useTexts(catalogueTexts);
  const { ref, type } = useParams();
  const info = useOwnInfo();
  const publication = usePublication(ref);
  useDocumentTitle(`${ref ? tx('editTitle') : tx('newTitle')} · Agendo`);

  if (info.isPending || (ref && publication.isPending)) return <EditorSkeleton />;
  const failure = info.error ?? publication.error;
  if (failure) {
    const missing = failure instanceof ApiError && failure.code === 'E7';
    return (
      <StateMessage
        text={missing ? tx('notFound') : tx('editorLoadError')}
        retry={missing ? undefined : () => Promise.all([info.refetch(), publication.refetch()])}
      />
    );
  }
  if (info.data?.userType !== 1) return <StateMessage text={tx('onlyProfessionals')} />;
  // Another professional's ref answers like an unknown one.
  if (ref && !publication.data?.admin) return <StateMessage text={tx('notFound')} />;

  return (
    <ServiceEditor
      key={ref ?? 'new'}
      publication={ref ? publication.data : undefined}
      currency={currencyForCountryId(info.data.userCountry)}
      countryId={info.data.userCountry}
      section={isEditorSection(type) ? type : undefined}
    />
  );
}

const sectionLabel = {
  general: 'sectionGeneral',
  modalidad: 'sectionModality',
  precios: 'sectionPrices',
  agenda: 'sectionSchedule',
  videollamada: 'sectionVideo',
  imagenes: 'sectionMedia',
} as const satisfies Record<EditorSection, keyof (typeof catalogueTexts)['es']>;

export function ServiceEditor({
  publication,
  currency,
  countryId,
  section,
}: {
  publication: Publication | undefined;
  currency: string;
  countryId: number;
  section?: EditorSection;
}) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const savedRef = publication?.ref;
  const editor = useActionForm(catalogueActions.savePublish, {
    defaultValues: publication ? formValuesOf(publication) : newPublicationValues,
  });
  const [deleting, setDeleting] = useState(false);
  const { frame, blocker, allowLeave } = useItemEditor({
    editor,
    path: 'general-service',
    sections: editorSections,
    section,
    followScroll: true,
    labels: {
      section: (s) => tx(sectionLabel[s]),
      nav: tx('sectionsNav'),
      form: savedRef ? tx('editTitle') : tx('newTitle'),
      submit: savedRef ? tx('save') : tx('create'),
    },
    save: (values: ParsedInputOf<'save-publish'>) => call('save-publish', values),
    savedRef,
    refresh: (ref) => [myPublicationsKey, publicationKey(ref)],
    texts: { created: tx('created'), saved: tx('saved') },
    createdPath: (ref) => `general-service/${ref}/agenda`,
  });

  return (
    <EditorFrame
      back={{ to: to('my-services'), label: tx('backToList') }}
      title={savedRef ? publication?.title : tx('newTitle')}
      view={
        publication && {
          to: to(`service/${publication.ref}/${titleSlug(publication.title)}`),
          label: tx('view'),
        }
      }
      intro={tx('editorIntro')}
      pausedText={publication?.paused === 1 ? tx('pausedBanner') : undefined}
      {...frame}
      after={
        <>
          <DeleteServiceModal
            service={deleting && publication ? { ref: publication.ref, title: publication.title } : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => {
              allowLeave();
              navigate(to('my-services'), { replace: true });
            }}
          />
          <LeaveGuardModal blocker={blocker} text={tx('leaveText')} />
        </>
      }
    >
      <GeneralSection editor={editor} />
      <ModalitySection editor={editor} countryId={countryId} />
      <PricesSection editor={editor} currency={currency} />
      <ScheduleSection editor={editor} savedRef={savedRef} />
      <VideoCallSection editor={editor} />
      <MediaSection editor={editor} savedRef={savedRef} images={publication?.imagesBig ?? []} />
      {publication && <StatusCard publication={publication} onDelete={() => setDeleting(true)} />}
    </EditorFrame>
  );
}

function StatusCard({ publication, onDelete }: { publication: Publication; onDelete: () => void }) {
  const tx = useTexts(catalogueTexts);
  const pause = usePausePublication();
  return (
    <DeleteCard
      label={tx('dangerZone')}
      text={tx('dangerText')}
      deleteLabel={tx('delete')}
      onDelete={onDelete}
    >
      <Switch
        label={tx('pausedSwitch')}
        description={tx('pausedHint')}
        checked={publication.paused === 1}
        disabled={pause.isPending}
        onChange={(event) => {
          const paused = event.currentTarget.checked;
          pause.mutate(
            { ref: publication.ref, paused },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  message: paused ? tx('pausedToast') : tx('resumedToast'),
                }),
            },
          );
        }}
      />
    </DeleteCard>
  );
}

function StateMessage({ text, retry }: { text: string; retry?: () => unknown }) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  return (
    <Container size="sm" py="xl">
      <Alert color={retry ? 'red' : 'gray'} icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          <Group gap="xs">
            {retry && (
              <Button variant="white" color="red" onClick={() => retry()}>
                {tx('retry')}
              </Button>
            )}
            <Button component={Link} to={to('my-services')} variant="default">
              {tx('backToList')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
