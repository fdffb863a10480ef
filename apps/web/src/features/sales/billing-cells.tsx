import { type BillingRow, payCell, type SaleShownState, saleShownState } from '@agendo/contract';
import { Anchor, Avatar, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconSchool, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { useContactPermissions } from '../../lib/corporate-permissions.ts';
import { fetchPrivate } from '../../lib/private-file.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useDocumentReader } from '../../ui/document-reader-slot.tsx';
import { contractingMenu } from './billing-columns.ts';
import { salesTexts } from './billing-texts.ts';

// The cells of the sales table (spec 001 §2.3) that are more than a value.

export function formatDate(iso: string | null, lang: string): string {
  if (!iso) return '--';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-AR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Long free text keeps its column's width: cut with an ellipsis, whole in the tooltip. */
export function CutText({ text }: { text: string }) {
  return (
    <Text size="sm" truncate="end" title={text}>
      {text}
    </Text>
  );
}

export function ClientCell({ row }: { row: BillingRow }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={row.imgClient} size="sm" radius="xl" alt="" />
      <CutText text={row.clientName} />
    </Group>
  );
}

export function PhoneCell({ phone }: { phone: string | null }) {
  if (!phone) return '--';
  return (
    <Anchor size="sm" href={`https://wa.me/${phone.replace(/\D/g, '')}`} target="_blank" rel="noreferrer">
      {phone}
    </Anchor>
  );
}

export function MailCell({ mail }: { mail: string | null }) {
  if (!mail) return '--';
  return (
    <Anchor size="sm" href={`mailto:${mail}`} truncate="end" title={mail}>
      {mail}
    </Anchor>
  );
}

export function IdCell({ id }: { id: string | null }) {
  if (!id) return '--';
  return (
    <Text size="xs" ff="monospace" truncate="end" title={id}>
      {id}
    </Text>
  );
}

// A function, not a component: Menu.Target hands its ref and handlers to the Button it gets.
function viewButton(label: string, props: { onClick?: () => void; withChevron?: boolean }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      radius="xl"
      rightSection={props.withChevron ? <IconChevronDown size={12} aria-hidden /> : undefined}
      onClick={props.onClick}
    >
      {label}
    </Button>
  );
}

/**
 * 'Ver contratación': a session opens its appointment's options panel, a course its menu.
 * `openBooking` is null without the app around the table: the appointment then opens in the agenda,
 * which shows the same panel.
 */
export function ViewCell({
  row,
  openBooking,
}: {
  row: BillingRow;
  openBooking: ((ref: string) => void) | null;
}) {
  const tx = useTexts(salesTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const menu = contractingMenu(row);
  if (menu === 'booking' && row.bookingRef) {
    const ref = row.bookingRef;
    return viewButton(tx('view'), {
      onClick: () => (openBooking ? openBooking(ref) : navigate(to(`my-tools/${ref}`))),
    });
  }
  if (menu === 'course' && row.courseRef) {
    return (
      <Menu position="bottom-start" shadow="md">
        <Menu.Target>{viewButton(tx('view'), { withChevron: true })}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={to(`course/${row.courseRef}`)}
            leftSection={<IconSchool size={16} aria-hidden />}
          >
            {tx('viewCourse')}
          </Menu.Item>
          <Menu.Item component={Link} to={to('courses')} leftSection={<IconUsers size={16} aria-hidden />}>
            {tx('viewStudents')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }
  return <Text size="sm">--</Text>;
}

export function PayCell({ row, onMark }: { row: BillingRow; onMark: (row: BillingRow) => void }) {
  const tx = useTexts(salesTexts);
  // spec 001 §2.3 and §4: pay 0 offers 'Marcar Paga' unless complete is '2' ('NO'). The spec
  // puts no condition on the consultation's date, so an appointment still to come is offered
  // too (a client who paid ahead in cash); only the sale's state decides.
  const cell = payCell(row);
  if (cell === 'Marcar Paga') {
    return (
      <Button size="compact-xs" variant="light" onClick={() => onMark(row)}>
        {tx('markPaid')}
      </Button>
    );
  }
  // Dark shades: white on Mantine's default teal or gray is under WCAG AA's 4.5:1 (axe color-contrast).
  if (cell === 'SI') return <Badge color="teal.9">{tx('yes')}</Badge>;
  if (cell === 'NO') return <Badge color="gray.7">{tx('no')}</Badge>;
  return <Text size="sm">--</Text>;
}

/**
 * spec 001 §4 Invoice: 'Ver Factura' once invoiced (the private PDF, fetched with the session,
 * in the PDF reader of spec 000 §2.3), 'Facturar' while canBill (`onInvoice` is null without the
 * invoicing popup); spec 001 §6: a team member without 'invoice' gets the alert.
 */
export function InvoiceCell({
  row,
  onInvoice,
}: {
  row: BillingRow;
  onInvoice: ((row: BillingRow) => void) | null;
}) {
  const tx = useTexts(salesTexts);
  const can = useContactPermissions();
  const openDocument = useDocumentReader();
  if (row.billLink) {
    const link = row.billLink;
    return (
      <Anchor
        component="button"
        type="button"
        size="sm"
        className="touch-link"
        onClick={(e) => {
          e.stopPropagation();
          void openDocument({
            kind: 'pdf',
            title: tx('invoiceTitle', { name: row.clientName }),
            fileName: `factura-${row.sellId}.pdf`,
            load: () => fetchPrivate(link),
          }).catch(() =>
            notifications.show({ color: 'red', message: tx('invoiceOpenError'), autoClose: 10_000 }),
          );
        }}
      >
        {tx('viewInvoice')}
      </Anchor>
    );
  }
  if (!row.canBill || !onInvoice) return '--';
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={(e) => {
        e.stopPropagation();
        if (!can('invoice')) {
          notifications.show({ color: 'red', message: tx('noInvoicePermission'), autoClose: 10_000 });
          return;
        }
        onInvoice(row);
      }}
    >
      {tx('invoice')}
    </Button>
  );
}

// White text on each colour reads at 4.5:1 or more (WCAG AA; axe in the money journey): Mantine's
// orange.9 (4.3) and yellow.9 (3.0) do not, so those two are darker shades of their own.
const stateLook: Record<SaleShownState, { color: string; text: keyof typeof salesTexts.es }> = {
  unpaid: { color: '#b3400a', text: 'stateUnpaid' },
  paid: { color: 'teal.9', text: 'statePaid' },
  free: { color: 'blue.9', text: 'stateFree' },
  void: { color: 'gray.7', text: 'stateVoid' },
  'refund-pending': { color: '#8a5a00', text: 'stateRefundPending' },
  refunded: { color: 'grape.9', text: 'stateRefunded' },
  'refund-flagged': { color: 'red.9', text: 'stateRefundFlagged' },
};

/** Issue 34: 'Estado' says the sale's state (Impaga, Pagada, Devuelta…), not its modality. */
export function StateCell({ row }: { row: Pick<BillingRow, 'state' | 'refundState' | 'netPrice'> }) {
  const tx = useTexts(salesTexts);
  const look = stateLook[saleShownState(row)];
  return (
    // Long states ('Devolución en curso') wrap inside their column instead of being cut.
    <Badge
      color={look.color}
      h="auto"
      styles={{
        root: { textTransform: 'none', maxWidth: '100%' },
        label: { whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 2 },
      }}
    >
      {tx(look.text)}
    </Badge>
  );
}
