import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Container,
  Group,
  Input,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconLayoutList, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import {
  EditorHeader,
  EditorSkeleton,
  LeaveGuardModal,
  SectionCard,
  SectionedForm,
  SectionsLayout,
  scrollToSection,
  useLeaveGuard,
} from '../../ui/sectioned-editor.tsx';
import { type CourseEditorTextKey, courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, LoadFailure, RequireLogin, useCount } from './course-editor-ui.tsx';
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
    payCard: w.payCard === 1,
    payCash: w.payCash === 1,
    hidePrice: w.hidePrice === 1,
    noPrice: w.noPrice === 1,
    limitTime: w.limitTime === 1,
    limitTimeDays: w.limitTimeDays,
    certificate: w.certificate === 1,
    linkComunityWp: w.linkComunityWp ?? '',
    paused: w.paused === 1,
  };
}

const on = (value: unknown) => value === true || value === 1;

/** general-workshop/{ref|new}/{type?}: the course's own data; its modules have their page. */
export function WorkshopEditorPage() {
  return (
    <RequireLogin>
      <EditorLoader />
    </RequireLogin>
  );
}

/** edit-workshop/{ref}: the old address of the editor. */
export function EditWorkshopRedirect() {
  const { ref } = useParams();
  const { to } = usePrefix();
  return <Navigate to={to(`general-workshop/${ref ?? 'new'}/general`)} replace />;
}

function EditorLoader() {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const params = useParams();
  const ref = params.ref && params.ref !== 'new' ? params.ref : undefined;
  const workshop = useWorkshop(ref);
  useDocumentTitle(`${ref ? tx('editWorkshopTitle') : tx('newWorkshopTitle')} · Agendo`);

  if (ref && workshop.isPending) return <EditorSkeleton />;
  if (ref && workshop.isError)
    return (
      <LoadFailure
        error={workshop.error}
        notFoundCodes={['E40', 'E1']}
        notFoundText="workshopNotFound"
        retry={() => workshop.refetch()}
        back={{ to: to('my-workshops'), label: tx('backToWorkshops') }}
      />
    );
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
  const queryClient = useQueryClient();
  const savedRef = workshop?.ref;
  const editor = useActionForm(coursesActions.saveWorkshop, {
    defaultValues: workshop ? valuesOf(workshop) : newWorkshopValues,
  });
  const { form, submit } = editor;
  const [deleting, setDeleting] = useState(false);
  const [visible, setVisible] = useState<WorkshopSection | undefined>(section);
  const remove = useDeleteWorkshop();
  const { blocker, allowLeave } = useLeaveGuard(
    () => form.formState.isDirty,
    savedRef && `/general-workshop/${savedRef}`,
  );

  useEffect(() => {
    if (section) scrollToSection(section);
  }, [section]);

  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-workshop'>) => call('save-workshop', values),
    onSuccess: async ({ ref }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myWorkshopsKey }),
        queryClient.invalidateQueries({ queryKey: workshopKey(ref) }),
      ]);
      if (!savedRef) {
        notifications.show({ color: 'teal', message: tx('workshopCreated') });
        allowLeave();
        navigate(to(`manage-modules/${ref}`), { replace: true });
        return;
      }
      notifications.show({ color: 'teal', message: tx('workshopSaved') });
      form.reset(form.getValues());
    },
  });

  const onSubmit = submit(async (values) => {
    await save.mutateAsync(savedRef ? { ...values, ref: savedRef } : values);
  });

  const goTo = (target: WorkshopSection) => {
    setVisible(target);
    scrollToSection(target);
    if (savedRef)
      navigate(to(`general-workshop/${savedRef}/${target}`), { replace: true, preventScrollReset: true });
  };
  const nav = workshopSections.map((s) => ({ id: s, label: tx(sectionLabel[s]) }));

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <EditorHeader
          back={{ to: to('my-workshops'), label: tx('backToWorkshops') }}
          title={savedRef ? workshop?.title : tx('newWorkshopTitle')}
          action={
            savedRef && (
              <Button
                component={Link}
                to={to(`course/${savedRef}`)}
                variant="default"
                leftSection={<IconExternalLink size={18} aria-hidden />}
              >
                {tx('view')}
              </Button>
            )
          }
          intro={tx('editorIntro')}
        />

        {workshop?.paused === 1 && (
          <Alert color="yellow" icon={<IconPlayerPause aria-hidden />} role="status">
            {tx('pausedBanner')}
          </Alert>
        )}

        <SectionsLayout sections={nav} current={visible} onSelect={goTo} label={tx('sectionsNav')}>
          <SectionedForm
            label={savedRef ? tx('editWorkshopTitle') : tx('newWorkshopTitle')}
            onSubmit={onSubmit}
            hasErrors={Object.keys(form.formState.errors).length > 0}
            dirty={form.formState.isDirty}
            submitLabel={savedRef ? tx('saveWorkshop') : tx('createWorkshop')}
            saving={save.isPending}
          >
            <GeneralSection editor={editor} workshop={workshop} />
            <PricesSection editor={editor} />
            <AccessSection editor={editor} />
            <ModulesSection workshop={workshop} />
            {savedRef && (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Group justify="space-between" gap="sm">
                  <Text size="sm" c="dimmed" maw={460}>
                    {tx('dangerText')}
                  </Text>
                  <Button
                    color="red.9"
                    variant="outline"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={() => setDeleting(true)}
                  >
                    {tx('dangerZone')}
                  </Button>
                </Group>
              </Paper>
            )}
          </SectionedForm>
        </SectionsLayout>
      </Stack>
      <ConfirmDelete
        target={deleting && savedRef ? savedRef : null}
        action={coursesActions.deleteWorkshop}
        mutation={remove}
        title={tx('deleteWorkshopTitle')}
        message={tx('deleteWorkshopText', { title: workshop?.title ?? '' })}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          notifications.show({ color: 'teal', message: tx('workshopDeleted') });
          allowLeave();
          navigate(to('my-workshops'), { replace: true });
        }}
      />
      <LeaveGuardModal blocker={blocker} text={tx('leaveText')} />
    </Container>
  );
}

type WorkshopForm = ReturnType<typeof useActionForm<typeof coursesActions.saveWorkshop>>;

function FlagSwitch({
  editor,
  name,
  label,
  description,
}: {
  editor: WorkshopForm;
  name: 'paused' | 'limitTime' | 'certificate';
  label: string;
  description?: string;
}) {
  return (
    <Controller
      control={editor.form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={on(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          ref={field.ref}
        />
      )}
    />
  );
}

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
        placeholder="https://chat.whatsapp.com/…"
        type="url"
        inputMode="url"
        maxLength={courseLimits.linkMax}
        error={fieldError('linkComunityWp')}
        {...form.register('linkComunityWp')}
      />
      <FlagSwitch editor={editor} name="paused" label={tx('pausedSwitch')} description={tx('pausedHint')} />
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
  const mode: PriceMode = on(noPrice) ? 'noPrice' : on(hidePrice) ? 'hidePrice' : 'fixed';
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
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Checkbox
                    label={tx(name)}
                    checked={on(field.value)}
                    onChange={(event) => {
                      field.onChange(event.currentTarget.checked);
                      form.clearErrors('payCard');
                    }}
                    ref={field.ref}
                  />
                )}
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
  const { form, fieldError } = editor;
  const limitTime = on(form.watch('limitTime'));
  return (
    <SectionCard id="acceso" title={tx('sectionAccess')}>
      <FlagSwitch
        editor={editor}
        name="limitTime"
        label={tx('limitTime')}
        description={tx('limitTimeHint')}
      />
      <Collapse in={limitTime}>
        {limitTime && (
          <Controller
            control={form.control}
            name="limitTimeDays"
            render={({ field }) => (
              <NumberInput
                label={tx('limitTimeDays')}
                withAsterisk
                min={1}
                max={courseLimits.limitTimeDaysMax}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                maw={320}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError('limitTimeDays')}
              />
            )}
          />
        )}
      </Collapse>
      <FlagSwitch
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
