import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import { Button, Collapse, Input, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLayoutList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { flagsOf } from '../../lib/flags.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { DeleteCard, EditorFrame, useItemEditor } from '../../ui/editor-frame.tsx';
import { FlagField, isOn, WholeNumberField } from '../../ui/form-fields.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { EditorSkeleton, LeaveGuardModal, SectionCard } from '../../ui/sectioned-editor.tsx';
import { ParentLoadFailure, useBackTo } from './content-page.tsx';
import { type CourseEditorTextKey, courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, linkInput, useCount } from './course-editor-ui.tsx';
import {
  myWorkshopsKey,
  useDeleteWorkshop,
  useWorkshop,
  type Workshop,
  workshopKey,
} from './use-course-editor.ts';
import { WorkshopCoverField } from './workshop-cover-field.tsx';

/** Sections of the editor; general-workshop/{ref}/{type} opens one of them. */
export const workshopSections = ['general', 'precios', 'acceso', 'modulos'] as const;
export type WorkshopSection = (typeof workshopSections)[number];
const isSection = (value: string | undefined): value is WorkshopSection =>
  (workshopSections as readonly string[]).includes(value ?? '');

const sectionLabel: Record<WorkshopSection, CourseEditorTextKey> = {
  general: 'sectionGeneral',
  precios: 'sectionPrices',
  acceso: 'sectionAccess',
  modulos: 'sectionModules',
};

type WorkshopFormValues = InputOf<'save-workshop'>;

const newWorkshopValues: WorkshopFormValues = {
  title: '',
  description: '',
  payCard: true,
  payCash: false,
  hidePrice: false,
  noPrice: false,
  limitTime: false,
  limitTimeDays: null,
  certificate: true,
  linkComunityWp: '',
  paused: false,
};

function valuesOf(w: Workshop): WorkshopFormValues {
  return {
    title: w.title,
    description: w.description,
    limitTimeDays: w.limitTimeDays,
    linkComunityWp: w.linkComunityWp ?? '',
    ...flagsOf(w, ['payCard', 'payCash', 'hidePrice', 'noPrice', 'limitTime', 'certificate', 'paused']),
  };
}

/** general-workshop/{ref|new}/{type?}: the course's own data; its modules have their page. */
export const WorkshopEditorPage = loginRequired(EditorLoader);

/** edit-workshop/{ref}: the old address of the editor. */
export function EditWorkshopRedirect() {
  const { ref } = useParams();
  const { to } = usePrefix();
  return <Navigate to={to(`general-workshop/${ref ?? 'new'}/general`)} replace />;
}

function EditorLoader() {
  const tx = useTexts(courseEditorTexts);
  const params = useParams();
  const ref = params.ref && params.ref !== 'new' ? params.ref : undefined;
  const workshop = useWorkshop(ref);
  useDocumentTitle(`${ref ? tx('editWorkshopTitle') : tx('newWorkshopTitle')} · Agendo`);

  if (ref && workshop.isPending) return <EditorSkeleton />;
  if (ref && workshop.isError) return <ParentLoadFailure of="workshop" query={workshop} />;
  return (
    <WorkshopEditor
      key={ref ?? 'new'}
      workshop={ref ? workshop.data : undefined}
      section={isSection(params.type) ? params.type : undefined}
    />
  );
}

export function WorkshopEditor({ workshop, section }: { workshop?: Workshop; section?: WorkshopSection }) {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const savedRef = workshop?.ref;
  const editor = useActionForm(coursesActions.saveWorkshop, {
    defaultValues: workshop ? valuesOf(workshop) : newWorkshopValues,
  });
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteWorkshop();
  const { frame, blocker, allowLeave } = useItemEditor({
    editor,
    path: 'general-workshop',
    sections: workshopSections,
    section,
    labels: {
      section: (s) => tx(sectionLabel[s]),
      nav: tx('sectionsNav'),
      form: savedRef ? tx('editWorkshopTitle') : tx('newWorkshopTitle'),
      submit: savedRef ? tx('saveWorkshop') : tx('createWorkshop'),
    },
    save: (values: ParsedInputOf<'save-workshop'>) => call('save-workshop', values),
    savedRef,
    refresh: (ref) => [myWorkshopsKey, workshopKey(ref)],
    texts: { created: tx('workshopCreated'), saved: tx('workshopSaved') },
    createdPath: (ref) => `manage-modules/${ref}`,
  });

  return (
    <EditorFrame
      back={useBackTo('workshop')}
      title={savedRef ? workshop?.title : tx('newWorkshopTitle')}
      view={savedRef ? { to: to(`course/${savedRef}`), label: tx('view') } : undefined}
      intro={tx('editorIntro')}
      pausedText={workshop?.paused === 1 ? tx('pausedBanner') : undefined}
      {...frame}
      after={
        <>
          <ConfirmDelete
            target={deleting && savedRef ? savedRef : null}
            action={coursesActions.deleteWorkshop}
            mutation={remove}
            title={tx('deleteWorkshopTitle')}
            message={tx('deleteWorkshopText', { title: workshop?.title ?? '' })}
            onClose={() => setDeleting(false)}
            deletedText={tx('workshopDeleted')}
            onDeleted={() => {
              allowLeave();
              navigate(to('my-workshops'), { replace: true });
            }}
          />
          <LeaveGuardModal blocker={blocker} text={tx('leaveText')} />
        </>
      }
    >
      <GeneralSection editor={editor} workshop={workshop} />
      <PricesSection editor={editor} />
      <AccessSection editor={editor} />
      <ModulesSection workshop={workshop} />
      {savedRef && (
        <DeleteCard
          text={tx('dangerText')}
          deleteLabel={tx('dangerZone')}
          onDelete={() => setDeleting(true)}
        />
      )}
    </EditorFrame>
  );
}

type WorkshopForm = ReturnType<typeof useActionForm<typeof coursesActions.saveWorkshop>>;

function GeneralSection({ editor, workshop }: { editor: WorkshopForm; workshop: Workshop | undefined }) {
  const tx = useTexts(courseEditorTexts);
  const { form, fieldError } = editor;
  return (
    <SectionCard id="general" title={tx('sectionGeneral')}>
      <TextInput
        label={tx('title')}
        placeholder={tx('titlePlaceholder')}
        withAsterisk
        maxLength={courseLimits.titleMax}
        error={fieldError('title')}
        {...form.register('title')}
      />
      <Textarea
        label={tx('description')}
        description={tx('descriptionHint')}
        autosize
        minRows={4}
        maxRows={14}
        maxLength={courseLimits.descriptionMax}
        error={fieldError('description')}
        {...form.register('description')}
      />
      <TextInput
        label={tx('community')}
        description={tx('communityHint')}
        {...linkInput}
        placeholder="https://chat.whatsapp.com/…"
        error={fieldError('linkComunityWp')}
        {...form.register('linkComunityWp')}
      />
      <FlagField editor={editor} name="paused" label={tx('pausedSwitch')} description={tx('pausedHint')} />
      {/* The cover needs the course's ref: it appears once the course exists. */}
      {workshop && <WorkshopCoverField workshopRef={workshop.ref} cover={workshop.cover} />}
    </SectionCard>
  );
}

type PriceMode = 'fixed' | 'hidePrice' | 'noPrice';

function PricesSection({ editor }: { editor: WorkshopForm }) {
  const tx = useTexts(courseEditorTexts);
  const { form, fieldError } = editor;
  const [hidePrice, noPrice] = form.watch(['hidePrice', 'noPrice']);
  const mode: PriceMode = isOn(noPrice) ? 'noPrice' : isOn(hidePrice) ? 'hidePrice' : 'fixed';
  const setMode = (next: string) => {
    form.setValue('hidePrice', next === 'hidePrice', { shouldDirty: true });
    form.setValue('noPrice', next === 'noPrice', { shouldDirty: true });
    form.clearErrors(['payCard']);
  };
  return (
    <SectionCard id="precios" title={tx('sectionPrices')} description={tx('priceModeHint')}>
      <Radio.Group label={tx('priceMode')} value={mode} onChange={setMode}>
        <Stack gap="xs" mt="xs">
          <Radio value="fixed" label={tx('modeFixed')} />
          <Radio value="hidePrice" label={tx('hidePrice')} />
          <Radio value="noPrice" label={tx('noPrice')} />
        </Stack>
      </Radio.Group>
      {mode !== 'noPrice' && (
        <Input.Wrapper
          label={tx('payments')}
          withAsterisk={mode === 'fixed'}
          error={fieldError('payCard') ?? fieldError('payCash')}
        >
          <Stack gap="sm" mt="xs">
            {(['payCard', 'payCash'] as const).map((name) => (
              <FlagField
                key={name}
                editor={editor}
                name={name}
                kind="checkbox"
                label={tx(name)}
                onChecked={() => form.clearErrors('payCard')}
              />
            ))}
          </Stack>
        </Input.Wrapper>
      )}
    </SectionCard>
  );
}

function AccessSection({ editor }: { editor: WorkshopForm }) {
  const tx = useTexts(courseEditorTexts);
  const limitTime = isOn(editor.form.watch('limitTime'));
  return (
    <SectionCard id="acceso" title={tx('sectionAccess')}>
      <FlagField editor={editor} name="limitTime" label={tx('limitTime')} description={tx('limitTimeHint')} />
      <Collapse in={limitTime}>
        {limitTime && (
          <WholeNumberField
            editor={editor}
            name="limitTimeDays"
            cleared={null}
            label={tx('limitTimeDays')}
            withAsterisk
            min={1}
            max={courseLimits.limitTimeDaysMax}
            maw={320}
          />
        )}
      </Collapse>
      <FlagField
        editor={editor}
        name="certificate"
        label={tx('certificate')}
        description={tx('certificateHint')}
      />
    </SectionCard>
  );
}

function ModulesSection({ workshop }: { workshop?: Workshop }) {
  const tx = useTexts(courseEditorTexts);
  const count = useCount();
  const { to } = usePrefix();
  const lessons = workshop?.modules.reduce((sum, m) => sum + m.lessons.length, 0) ?? 0;
  return (
    <SectionCard id="modulos" title={tx('sectionModules')} description={tx('modulesText')}>
      {workshop ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {tx('modulesSummary', {
              modules: count(workshop.modules.length, 'oneModule', 'modulesCount'),
              lessons: count(lessons, 'oneLesson', 'lessonsCount'),
            })}
          </Text>
          <Button
            component={Link}
            to={to(`manage-modules/${workshop.ref}`)}
            variant="light"
            leftSection={<IconLayoutList size={18} aria-hidden />}
          >
            {tx('goToModules')}
          </Button>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {tx('modulesAfterSave')}
        </Text>
      )}
    </SectionCard>
  );
}
