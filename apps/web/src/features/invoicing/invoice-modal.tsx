import {
  type AfipData,
  afipBillingCodes,
  afipBillingErrors,
  type BillingRow,
  fiscalErrorText,
  invoiceConcept,
  invoiceRequestProblems,
  toMajorUnits,
  toMinorUnits,
} from '@agendo/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import type { InvoiceModalProps } from '../../ui/invoice-modal-slot.tsx';
import {
  AfipDataLoader,
  AfipNotConfigured,
  errorsAfterChange,
  type FiscalErrors,
  type FiscalField,
  FiscalFields,
  type FiscalValues,
  fiscalValuesOf,
} from './fiscal-form.tsx';
import { invoicingTexts } from './invoicing-texts.ts';

/** afip-billing names the client's fields with 'Customer'; the form's fields are mode 2's. */
const formField: Record<string, FiscalField | 'invoiceDetails' | 'invoicePrice' | 'userMail'> = {
  razonSocialCustomer: 'razonSocial',
  domicilioFiscalCustomer: 'domicilioFiscal',
  condicionIvaCustomer: 'condicionIva',
  docTipoCustomer: 'docTipo',
  cuitCustomer: 'cuit',
  invoiceDetails: 'invoiceDetails',
  invoicePrice: 'invoicePrice',
  userMail: 'userMail',
};

const billingCatalogue = { ...afipBillingErrors, ...afipBillingCodes };

type InvoiceErrors = FiscalErrors & Partial<Record<'invoiceDetails' | 'invoicePrice' | 'userMail', string>>;

/**
 * The invoice popup (spec 001 §2.3, spec 002 §2 mode 2): the client's fiscal data with the
 * registry search, the concept, the price and the e-mail, and 'Facturar' (afip-billing). Without
 * a working AFIP link it shows the not-configured notice instead.
 */
export function InvoiceModal({ sale, onClose, onIssued }: InvoiceModalProps) {
  const tx = useTexts(invoicingTexts);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={sale !== undefined}
      onClose={onClose}
      title={tx('invoiceTitle')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': tx('cancel') }}
    >
      {sale && (
        <InvoiceLoader
          key={sale.id}
          sale={sale}
          onClose={onClose}
          onIssued={(link) => onIssued(sale, link)}
        />
      )}
    </Modal>
  );
}

function InvoiceLoader({
  sale,
  onClose,
  onIssued,
}: {
  sale: BillingRow;
  onClose: () => void;
  onIssued: (link: string) => void;
}) {
  const tx = useTexts(invoicingTexts);
  return (
    <AfipDataLoader mode={2} refContact={sale.customerId ?? ''} height={420}>
      {(data) =>
        data.connectedOk ? (
          <InvoiceForm sale={sale} data={data} onClose={onClose} onIssued={onIssued} />
        ) : (
          <Stack>
            <AfipNotConfigured />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {tx('back')}
              </Button>
            </Group>
          </Stack>
        )
      }
    </AfipDataLoader>
  );
}

function InvoiceForm({
  sale,
  data,
  onClose,
  onIssued,
}: {
  sale: BillingRow;
  data: AfipData;
  onClose: () => void;
  onIssued: (link: string) => void;
}) {
  const tx = useTexts(invoicingTexts);
  const lang = useLang();
  const [values, setValues] = useState<FiscalValues>(() => fiscalValuesOf(data));
  // spec 002 §9: the concept starts as the sale's title with the affiliate text.
  const [concept, setConcept] = useState(() => invoiceConcept(sale.title, data.insurance ?? undefined));
  const [price, setPrice] = useState<number | string>(() => toMajorUnits(sale.netPrice, sale.currency));
  const [mail, setMail] = useState(data.userMail ?? sale.clientMail ?? '');
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notLinked, setNotLinked] = useState(false);
  const [dni, setDni] = useState('');
  const [padronMessage, setPadronMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const request = () => ({
    bookingId: sale.id,
    razonSocialCustomer: values.razonSocial,
    domicilioFiscalCustomer: values.domicilioFiscal,
    condicionIvaCustomer: number(values.condicionIva),
    docTipoCustomer: number(values.docTipo),
    cuitCustomer: values.cuit.trim(),
    invoiceType: null,
    invoiceDetails: concept,
    invoicePrice: typeof price === 'number' ? toMinorUnits(price, sale.currency) : null,
    userMail: mail,
  });
  const textOf = (code: string, fallback: string) =>
    (lang === 'es' && fiscalErrorText(billingCatalogue, code, number(values.docTipo))) || fallback;

  const issue = useMutation({
    mutationFn: () => call('afip-billing', request()),
    onSuccess: (answer) => onIssued(answer.link),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetwork) return;
      if (error.code === 'E30') {
        setNotLinked(true);
        return;
      }
      const field = error.field ? formField[error.field] : undefined;
      if (field) setErrors({ [field]: textOf(error.code, error.message) });
      // E200 and the rest: the server's own message (spec 002 §8).
      else setFailure(error.message);
    },
  });

  const search = useMutation({
    mutationFn: (document: string) => call('get-afip-padron', { dni: document }),
    onSuccess: ({ datosPersona: p }) => {
      const name = [p.apellido, p.nombre].filter(Boolean).join(' ');
      const address = [
        p.domicilioFiscal.direccion,
        p.domicilioFiscal.localidad,
        p.domicilioFiscal.descripcionProvincia,
      ]
        .filter(Boolean)
        .join(', ');
      setValues((v) => ({
        ...v,
        razonSocial: name,
        domicilioFiscal: address.slice(0, 250),
        docTipo: p.tipoClave === 'CUIL' ? '86' : '80',
        cuit: p.idPersona,
      }));
      setErrors({});
      setPadronMessage({ ok: true, text: tx('padronFound', { name }) });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetwork) return;
      // spec 002 §8: status 300 and 400 answer their own texts; E2 is the not-linked notice.
      if (error.code === 'E2') setNotLinked(true);
      else setPadronMessage({ ok: false, text: error.message });
    },
  });

  // spec 002 §5: in mode 2 an empty document shows the message and searches nothing.
  const lookUp = () => {
    if (!dni.trim()) setPadronMessage({ ok: false, text: tx('padronEmpty') });
    else search.mutate(dni.trim());
  };

  if (notLinked) return <AfipNotConfigured />;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setFailure(null);
        const found: InvoiceErrors = {};
        for (const problem of invoiceRequestProblems(request())) {
          const field = formField[problem.field];
          if (field) found[field] ??= textOf(problem.code, problem.code);
        }
        if (typeof price !== 'number' || price <= 0) found.invoicePrice ??= textOf('E22', '');
        setErrors(found);
        if (Object.keys(found).length === 0) issue.mutate();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {tx('invoiceFor', { title: sale.title, name: sale.clientName || '--' })}
        </Text>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={tx('padronLabel')}
            placeholder={tx('padronPlaceholder')}
            value={dni}
            inputMode="numeric"
            onChange={(e) => {
              setDni(e.currentTarget.value);
              setPadronMessage(null);
            }}
            onKeyDown={(e) => {
              // Enter searches the registry rather than submitting the invoice.
              if (e.key === 'Enter') {
                e.preventDefault();
                lookUp();
              }
            }}
            error={padronMessage && !padronMessage.ok ? padronMessage.text : undefined}
          />
          <Button
            variant="default"
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={search.isPending}
            onClick={lookUp}
          >
            {tx('padronSearch')}
          </Button>
        </Group>
        {padronMessage?.ok && (
          <Text size="sm" c="teal" role="status">
            {padronMessage.text}
          </Text>
        )}
        <FiscalFields
          mode={2}
          values={values}
          errors={errors}
          sellerCondicionIva={data.sellerCondicionIva}
          onChange={(next, changed) => {
            setValues(next);
            setErrors((e) => errorsAfterChange(e, changed));
          }}
        />
        <Textarea
          label={tx('concept')}
          value={concept}
          onChange={(e) => {
            setConcept(e.currentTarget.value);
            setErrors((x) => ({ ...x, invoiceDetails: undefined }));
          }}
          error={errors.invoiceDetails}
          autosize
          minRows={2}
          maxLength={300}
          required
        />
        {/* Stacked on a phone: side by side the e-mail's label wraps at 375 px. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={tx('price')}
            value={price}
            onChange={(v) => {
              setPrice(v);
              setErrors((x) => ({ ...x, invoicePrice: undefined }));
            }}
            error={errors.invoicePrice}
            prefix="$ "
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            min={0}
            required
          />
          <TextInput
            type="email"
            label={tx('mail')}
            value={mail}
            onChange={(e) => {
              setMail(e.currentTarget.value);
              setErrors((x) => ({ ...x, userMail: undefined }));
            }}
            error={errors.userMail}
            autoComplete="email"
            required
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onClose}>
            {tx('cancel')}
          </Button>
          <Button type="submit" loading={issue.isPending}>
            {tx('issue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
