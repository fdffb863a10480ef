import {
  type AfipData,
  docTypeForCondition,
  docTypesFor,
  type FiscalMode,
  fiscalDataProblems,
  fiscalErrorText,
  invoiceLetters,
  invoiceTypeFor,
  ivaConditionsFor,
  type SavedAfipData,
  updateAfipDataErrors,
} from '@agendo/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { invoicingTexts } from './invoicing-texts.ts';

/** The form's values as typed (selects hold text); update-afip-data receives numbers. */
export interface FiscalValues {
  razonSocial: string;
  domicilioFiscal: string;
  condicionIva: string;
  docTipo: string;
  cuit: string;
  puntoVenta: string;
  fechaInicio: string;
}
export type FiscalField = keyof FiscalValues;
export type FiscalErrors = Partial<Record<FiscalField, string>>;

export const afipDataKey = (mode: FiscalMode, refContact: string) => ['get-afip-data', mode, refContact];

export function useAfipData(mode: FiscalMode, refContact = '') {
  return useQuery({
    queryKey: afipDataKey(mode, refContact),
    queryFn: () => call('get-afip-data', { userMode: mode, refContact }),
  });
}

/** spec 002 §9: a professional who never saved starts at point of sale 1. */
export function fiscalValuesOf(data: AfipData): FiscalValues {
  const mode1 = data.userMode === 1;
  return {
    razonSocial: data.razonSocial === '---' ? '' : data.razonSocial,
    domicilioFiscal: data.domicilioFiscal === '---' ? '' : data.domicilioFiscal,
    condicionIva: data.condicionIva === null ? '' : String(data.condicionIva),
    docTipo: data.docTipo === null ? (mode1 ? String(docTypeForCondition) : '') : String(data.docTipo),
    cuit: data.cuit,
    puntoVenta: data.puntoVenta === null ? (mode1 ? '1' : '') : String(data.puntoVenta),
    fechaInicio: data.fechaInicio ?? '',
  };
}

/** What update-afip-data is sent (spec 002 §7): codes and the point of sale as numbers. */
export function fiscalPayload(values: FiscalValues, mode: FiscalMode, refContact: string) {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    userMode: mode,
    refContact,
    razonSocial: values.razonSocial,
    domicilioFiscal: values.domicilioFiscal,
    condicionIva: number(values.condicionIva),
    docTipo: number(values.docTipo),
    cuit: values.cuit.trim(),
    puntoVenta:
      mode === 1
        ? /^\d+$/.test(values.puntoVenta.trim())
          ? Number(values.puntoVenta)
          : values.puntoVenta
        : null,
    fechaInicio: mode === 1 ? values.fechaInicio : '',
  };
}

/** The browser's calendar day, for 'not after today' (spec 002 §5); the server checks again. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The same rules the server applies (the contract's), each field's first problem in Spanish. */
export function checkFiscalValues(values: FiscalValues, mode: FiscalMode): FiscalErrors {
  const payload = fiscalPayload(values, mode, '');
  const errors: FiscalErrors = {};
  for (const problem of fiscalDataProblems({ ...payload, userMode: mode }, localToday())) {
    errors[problem.field] ??=
      fiscalErrorText(updateAfipDataErrors, problem.code, payload.docTipo) ?? problem.code;
  }
  return errors;
}

const docNames: Record<string, string> = { '80': 'CUIT', '86': 'CUIL', '96': 'DNI' };

/**
 * The errors once `changed` is edited: its own goes, and a new IVA condition (which sets the
 * document type) takes the document type's with it.
 */
export function errorsAfterChange<E extends FiscalErrors>(errors: E, changed: FiscalField): E {
  return { ...errors, [changed]: undefined, ...(changed === 'condicionIva' ? { docTipo: undefined } : {}) };
}

/**
 * The fields of spec 002 §2 "Fiscal data form", controlled: mode 1 the professional's own data
 * (with point of sale and start of activities), mode 2 a client's (the invoice popup, which adds
 * its own concept, price and e-mail around these). With `sellerCondicionIva`, mode 2 also shows
 * the invoice type the data gives (spec 002 §4).
 */
export function FiscalFields({
  mode,
  values,
  errors,
  onChange,
  sellerCondicionIva,
}: {
  mode: FiscalMode;
  values: FiscalValues;
  errors: FiscalErrors;
  onChange: (values: FiscalValues, changed: FiscalField) => void;
  sellerCondicionIva?: number | null;
}) {
  const tx = useTexts(invoicingTexts);
  const set = (field: FiscalField) => (value: string) => {
    // spec 002 §4: choosing an IVA condition sets the document type to 80 (CUIT).
    const next =
      field === 'condicionIva'
        ? { ...values, condicionIva: value, docTipo: String(docTypeForCondition) }
        : { ...values, [field]: value };
    onChange(next, field);
  };
  const docName = docNames[values.docTipo];
  const condition = values.condicionIva === '' ? null : Number(values.condicionIva);
  return (
    <Stack gap="md">
      <TextInput
        label={tx('razonSocial')}
        value={values.razonSocial}
        onChange={(e) => set('razonSocial')(e.currentTarget.value)}
        error={errors.razonSocial}
        maxLength={250}
        autoComplete="organization"
        required={mode === 2}
      />
      <TextInput
        label={tx('domicilioFiscal')}
        value={values.domicilioFiscal}
        onChange={(e) => set('domicilioFiscal')(e.currentTarget.value)}
        error={errors.domicilioFiscal}
        maxLength={250}
        autoComplete="street-address"
        required={mode === 2}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={tx('condicionIva')}
          placeholder={tx('condicionPlaceholder')}
          data={ivaConditionsFor(mode).map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.condicionIva || null}
          onChange={(v) => set('condicionIva')(v ?? '')}
          error={errors.condicionIva}
          allowDeselect={false}
          required
        />
        <Select
          label={tx('docTipo')}
          data={docTypesFor(mode).map((d) => ({ value: String(d.id), label: d.name }))}
          value={values.docTipo || null}
          onChange={(v) => set('docTipo')(v ?? '')}
          error={errors.docTipo}
          allowDeselect={false}
          required
        />
      </SimpleGrid>
      {docName && (
        <TextInput
          label={tx('docNumber', { doc: docName })}
          description={values.docTipo === '96' ? tx('dniHint') : tx('cuitHint')}
          value={values.cuit}
          onChange={(e) => set('cuit')(e.currentTarget.value)}
          error={errors.cuit}
          inputMode="numeric"
          // Room for the usual spellings ('20-12345678-6', '12.345.678'): the digits are what is stored.
          maxLength={values.docTipo === '96' ? 10 : 13}
          autoComplete="off"
          required
        />
      )}
      {mode === 1 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={tx('puntoVenta')}
            description={tx('puntoVentaHint')}
            value={values.puntoVenta}
            onChange={(e) => set('puntoVenta')(e.currentTarget.value)}
            error={errors.puntoVenta}
            inputMode="numeric"
            maxLength={2}
            required
          />
          <TextInput
            type="date"
            label={tx('fechaInicio')}
            value={values.fechaInicio}
            onChange={(e) => set('fechaInicio')(e.currentTarget.value)}
            error={errors.fechaInicio}
            max={localToday()}
            required
          />
        </SimpleGrid>
      )}
      {mode === 2 && sellerCondicionIva != null && (
        <Text fw={600} role="status">
          {tx('invoiceType', { letter: invoiceLetters[invoiceTypeFor(sellerCondicionIva, condition)] })}
        </Text>
      )}
    </Stack>
  );
}

/** spec 002 §2: mode 2's not-configured notice, linking to the fiscal-data editor. */
export function AfipNotConfigured() {
  const tx = useTexts(invoicingTexts);
  const { to } = usePrefix();
  return (
    <Alert color="yellow" icon={<IconFileInvoice aria-hidden />} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{tx('notConfigured')}</Text>
        <Anchor component={Link} to={to('edit-afip-data')} className="touch-link">
          {tx('configure')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * Loads, edits and saves one fiscal record through get-afip-data / update-afip-data: the
 * professional's own (mode 1, edit-afip-data) or a contact's (mode 2). Shows the rules' messages
 * before sending and the server's under the field it names.
 */
export function FiscalDataForm({
  mode,
  refContact = '',
  onSaved,
  onBack,
  onCancel,
}: {
  mode: FiscalMode;
  refContact?: string;
  onSaved?: (data: SavedAfipData) => void;
  onBack?: () => void;
  onCancel?: () => void;
}) {
  return (
    <AfipDataLoader mode={mode} refContact={refContact} height={mode === 1 ? 420 : 320}>
      {(data) => (
        <FiscalEditor
          key={`${mode}:${refContact}`}
          data={data}
          mode={mode}
          refContact={refContact}
          onSaved={onSaved}
          onBack={onBack}
          onCancel={onCancel}
        />
      )}
    </AfipDataLoader>
  );
}

/** The fiscal data once read: a placeholder of `height` while it loads, the failure with a retry. */
export function AfipDataLoader({
  mode,
  refContact,
  height,
  children,
}: {
  mode: FiscalMode;
  refContact: string;
  height: number;
  children: (data: AfipData) => ReactNode;
}) {
  const tx = useTexts(invoicingTexts);
  const found = useAfipData(mode, refContact);
  if (found.isPending) return <Skeleton height={height} radius="md" aria-busy="true" />;
  if (found.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Group justify="space-between">
          <Text size="sm">{found.error instanceof ApiError ? found.error.message : tx('loadError')}</Text>
          <Button variant="white" color="red" onClick={() => found.refetch()}>
            {tx('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return children(found.data);
}

function FiscalEditor({
  data,
  mode,
  refContact,
  onSaved,
  onBack,
  onCancel,
}: {
  data: AfipData;
  mode: FiscalMode;
  refContact: string;
  onSaved: ((data: SavedAfipData) => void) | undefined;
  onBack: (() => void) | undefined;
  onCancel: (() => void) | undefined;
}) {
  const tx = useTexts(invoicingTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => fiscalValuesOf(data));
  const [errors, setErrors] = useState<FiscalErrors>({});

  const save = useMutation({
    mutationFn: () => call('update-afip-data', fiscalPayload(values, mode, refContact)),
    onSuccess: (saved) => {
      setErrors({});
      queryClient.setQueryData(afipDataKey(mode, refContact), saved);
      onSaved?.(saved);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetwork) return;
      const docTipo = values.docTipo === '' ? null : Number(values.docTipo);
      const text =
        (lang === 'es' && fiscalErrorText(updateAfipDataErrors, error.code, docTipo)) || error.message;
      const field = error.field as FiscalField | undefined;
      setErrors(field && field in values ? { [field]: text } : { razonSocial: text });
    },
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = checkFiscalValues(values, mode);
        setErrors(found);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <Stack gap="md">
        <FiscalFields
          mode={mode}
          values={values}
          errors={errors}
          sellerCondicionIva={mode === 2 ? data.sellerCondicionIva : undefined}
          onChange={(next, changed) => {
            setValues(next);
            setErrors((e) => errorsAfterChange(e, changed));
          }}
        />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {onBack && (
              <Button variant="default" onClick={onBack}>
                {tx('back')}
              </Button>
            )}
            {onCancel && (
              <Button variant="subtle" onClick={onCancel}>
                {tx('cancel')}
              </Button>
            )}
          </Group>
          <Button type="submit" loading={save.isPending}>
            {tx('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
