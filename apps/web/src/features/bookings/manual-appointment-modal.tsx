import * as agendaActions from '@agendo/contract/agenda';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  type NumberInputProps,
  SegmentedControl,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { useEffect } from 'react';
import { Controller, type UseFormReturn, useController, useForm } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { bookingsTexts } from './bookings-texts.ts';
import {
  type ManualAppointment,
  useContactChoices,
  useMyPublications,
  useSaveManualAppointment,
} from './use-bookings.ts';

interface Values {
  contactRef: string | null;
  publicationRef: string | null;
  date: string;
  hour: string;
  modalityId: string;
  price: number | string;
  repeat: boolean;
  weeks: number | string;
}

const empty = (day: string): Values => ({
  contactRef: null,
  publicationRef: null,
  date: day,
  hour: '',
  modalityId: '',
  price: '',
  repeat: false,
  weeks: 4,
});

type Field = keyof Values;

/** The server names the contract's fields; this says which input shows each one. */
const fieldOfServer: Record<string, Field> = {
  contactRef: 'contactRef',
  publicationRef: 'publicationRef',
  startsAt: 'hour',
  modality: 'modalityId',
  price: 'price',
  weeks: 'weeks',
};

/** An input's value, change, blur, focus and message, bound to the modal's form. */
function useBound<N extends 'contactRef' | 'publicationRef' | 'price' | 'weeks'>(
  form: UseFormReturn<Values>,
  name: N,
) {
  const { field } = useController({ control: form.control, name });
  return {
    value: field.value as Values[N],
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    error: form.formState.errors[name]?.message,
  };
}

/** The modal's two pickers (contact, service). */
function SelectField({
  values,
  name,
  ...select
}: { values: UseFormReturn<Values>; name: 'contactRef' | 'publicationRef' } & SelectProps) {
  const bound = useBound(values, name);
  return <Select {...select} {...bound} />;
}

/** The modal's amounts (price, weeks). */
function NumberField({
  values,
  name,
  ...input
}: { values: UseFormReturn<Values>; name: 'price' | 'weeks' } & NumberInputProps) {
  const bound = useBound(values, name);
  return <NumberInput {...input} {...bound} />;
}

/**
 * 'Nueva cita' (spec 000 §3 createByProf): an appointment the professional creates for one of
 * their contacts, optionally repeated every week for a number of weeks. Date and hour are the
 * professional's wall clock in their zone (the server converts).
 */
export function ManualAppointmentModal({
  opened,
  onClose,
  zone,
  defaultDate,
}: {
  opened: boolean;
  onClose: () => void;
  zone: string;
  defaultDate: string;
}) {
  const tx = useTexts(bookingsTexts);
  const lang = useLang();
  const contacts = useContactChoices(opened);
  const publications = useMyPublications(opened);
  const save = useSaveManualAppointment();
  const form = useForm<Values>({ defaultValues: empty(defaultDate) });
  const { control, register, handleSubmit, watch, reset, setError, formState } = form;

  useEffect(() => {
    if (opened) reset(empty(defaultDate));
  }, [opened, defaultDate, reset]);

  const publicationRef = watch('publicationRef');
  const repeat = watch('repeat');
  const publication = publications.data?.find((p) => p.ref === publicationRef);
  const both = publication?.modalityId === 3;

  const submit = handleSubmit(async (values) => {
    let bad = false;
    const need = (field: Field, ok: boolean, message: string) => {
      if (!ok) {
        setError(field, { type: 'required', message }, { shouldFocus: !bad });
        bad = true;
      }
    };
    need('contactRef', Boolean(values.contactRef), tx('contactRequired'));
    need('publicationRef', Boolean(values.publicationRef), tx('publicationRequired'));
    need('date', /^\d{4}-\d{2}-\d{2}$/.test(values.date), tx('dateRequired'));
    need('hour', /^\d{2}:\d{2}$/.test(values.hour), tx('hourRequired'));
    need('modalityId', !both || values.modalityId !== '', tx('modalityRequired'));
    const weeks = Number(values.weeks);
    need(
      'weeks',
      !values.repeat || (Number.isInteger(weeks) && weeks >= 2 && weeks <= 52),
      tx('weeksInvalid'),
    );
    if (bad) return;
    // The wall-clock date and hour are the professional's, in their zone (not the browser's).
    const startsAt = DateTime.fromISO(`${values.date}T${values.hour}`, { zone }).toUTC().toISO() ?? '';
    const input: ManualAppointment = {
      contactRef: values.contactRef ?? '',
      publicationRef: values.publicationRef ?? '',
      startsAt,
      // spec 000 §6 createByProf: a weekly series is `weeks` appointments, one per week.
      weeks: values.repeat ? weeks : 1,
    };
    if (both) input.modality = values.modalityId === '2' ? 2 : 1;
    if (values.price !== '' && values.price !== undefined) input.price = Number(values.price);
    try {
      const result = await save.mutateAsync(input);
      const n = result.refs.length;
      notifications.show({
        color: 'teal',
        autoClose: 10_000,
        message: values.repeat ? tx('createdSeries', { n }) : tx('created'),
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) return;
      const message = apiErrorText(agendaActions.saveBookingByProf, error, lang);
      const field = error instanceof ApiError && error.field ? fieldOfServer[error.field] : undefined;
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      else setError('root', { type: 'server', message });
    }
  });

  const contactOptions = (contacts.data ?? []).map((c) => ({
    value: c.idSeller,
    label: c.userMail ? `${c.sellerName} · ${c.userMail}` : c.sellerName,
  }));
  const publicationOptions = (publications.data ?? [])
    .filter((p) => p.paused === 0 || p.ref === publicationRef)
    .map((p) => ({ value: p.ref, label: p.title }));
  const err = (name: Field) => formState.errors[name]?.message;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tx('manualTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': tx('close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formState.errors.root?.message && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formState.errors.root.message}
            </Alert>
          )}
          <SelectField
            values={form}
            name="contactRef"
            label={tx('contact')}
            placeholder={tx('contactPlaceholder')}
            data={contactOptions}
            searchable
            clearable
            required
            nothingFoundMessage={contacts.data?.length === 0 ? tx('noContactsYet') : tx('contactNone')}
            disabled={contacts.isPending}
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            values={form}
            name="publicationRef"
            label={tx('publication')}
            placeholder={tx('publicationPlaceholder')}
            data={publicationOptions}
            searchable
            required
            disabled={publications.isPending}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput type="date" label={tx('date')} required {...register('date')} error={err('date')} />
            <Controller
              control={control}
              name="hour"
              render={({ field }) => (
                <TimeInput
                  label={tx('hour')}
                  required
                  value={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={err('hour')}
                />
              )}
            />
          </SimpleGrid>
          <Text fz="xs" c="dimmed">
            {tx('zoneHint', { zone: zoneLabelPlain(zone, lang) })}
          </Text>
          {both && (
            <Controller
              control={control}
              name="modalityId"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text fz="sm" fw={500} id="manual-modality">
                    {tx('modality')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="manual-modality"
                    data={[
                      { value: '1', label: tx('online') },
                      { value: '2', label: tx('inPerson') },
                    ]}
                    value={field.value}
                    onChange={field.onChange}
                  />
                  {err('modalityId') && (
                    <Text fz="xs" c="red.8" role="alert">
                      {err('modalityId')}
                    </Text>
                  )}
                </Stack>
              )}
            />
          )}
          <NumberField
            values={form}
            name="price"
            label={tx('price')}
            description={tx('priceHint')}
            min={0}
            decimalScale={2}
            prefix={publication ? `${publication.profCurrency} ` : undefined}
          />
          <Checkbox label={tx('repeat')} {...register('repeat')} />
          {repeat && (
            <NumberField
              values={form}
              name="weeks"
              label={tx('weeks')}
              description={tx('weeksHint')}
              min={2}
              max={52}
              allowDecimal={false}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={formState.isSubmitting}>
              {tx('cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {tx('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
