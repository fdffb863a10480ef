import * as clinicalActions from '@agendo/contract/clinical';
import * as contactsActions from '@agendo/contract/contacts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconDotsVertical,
  IconFileSpreadsheet,
  IconHistory,
  IconPencil,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { apiErrorText, showApiError } from '../../lib/form-errors.ts';
import { downloadPrivateFile, fetchPrivate } from '../../lib/private-file.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useDocumentReader } from '../../ui/document-reader-slot.tsx';
import { RetryAlert } from '../../ui/list-page.tsx';
import { initials } from './contact-list.tsx';
import { ContactNotesTab } from './contact-notes-tab.tsx';
import { ChangePhotoButton, ContactPhoto } from './contact-photo.tsx';
import {
  ContactBookingsTab,
  ContactChatTab,
  ContactCourses,
  ContactInfoTab,
  ContactSalesTab,
} from './contact-tabs.tsx';
import classes from './contacts.module.css';
import { contactsTexts } from './contacts-texts.ts';
import { type Can, contactsKey, useContactInfo, useOwnInfo } from './use-contacts.ts';

// The clinical history is its own slice (features/contacts/clinical); loaded when its tab opens.
const ClinicalHistory = lazy(() =>
  import('./clinical/clinical-history.tsx').then((m) => ({ default: m.ClinicalHistory })),
);
const AuditTrail = lazy(() => import('./clinical/audit-trail.tsx').then((m) => ({ default: m.AuditTrail })));

export type ContactTab = 'info' | 'bookings' | 'sales' | 'chat' | 'notes' | 'clinic';

/** spec 001 §2.1: which tabs a corporate session may see. */
export function allowedTabs(can: Can): ContactTab[] {
  return [
    ...(can('contactsInfo') ? (['info'] as const) : []),
    'bookings' as const,
    ...(can('contactsBilling') ? (['sales'] as const) : []),
    ...(can('contactsChat') ? (['chat'] as const) : []),
    ...(can('contactsNotes') ? (['notes'] as const) : []),
    ...(can('contactsClinic') ? (['clinic'] as const) : []),
  ];
}

/** On a phone the list and the detail are one column: the way back to the list. */
function BackToList({ onBack, flush = false }: { onBack: () => void; flush?: boolean }) {
  const tx = useTexts(contactsTexts);
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={onBack}
      w="fit-content"
      px={flush ? 0 : undefined}
    >
      {tx('backToList')}
    </Button>
  );
}

interface Props {
  contactRef: string;
  header:
    | { name: string; first: string; last: string; img: string | null; mail: string; idChat: string | null }
    | undefined;
  can: Can;
  tab: ContactTab;
  onTab: (tab: ContactTab) => void;
  onEdit: () => void;
  onDeleted: () => void;
  onBack: (() => void) | null;
}

export function ContactDetail({ contactRef, header, can, tab, onTab, onEdit, onDeleted, onBack }: Props) {
  const tx = useTexts(contactsTexts);
  const openDocument = useDocumentReader();
  const lang = useLang();
  const queryClient = useQueryClient();
  const info = useContactInfo(contactRef, can('contactsInfo'));
  const ownInfo = useOwnInfo();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const [photoVersion, setPhotoVersion] = useState(0);
  const tabs = allowedTabs(can);
  const current = tabs.includes(tab) ? tab : (tabs[0] ?? 'bookings');

  const remove = useMutation({
    mutationFn: () => call('delete-contact', { ref: contactRef }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: tx('removed'), autoClose: 10_000 });
      setConfirmDelete(false);
      await queryClient.invalidateQueries({ queryKey: contactsKey });
      onDeleted();
    },
    onError: (failure) => showApiError(contactsActions.deleteContact, failure, lang),
  });

  const excel = useMutation({
    mutationFn: async () => {
      const { file } = await call('download-excel-contacts', {
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      await downloadPrivateFile(file, 'consultantes.xlsx');
    },
    onSuccess: () => notifications.show({ color: 'teal', message: tx('excelDone'), autoClose: 10_000 }),
    onError: (failure) => showApiError(contactsActions.downloadExcelContacts, failure, lang),
  });

  const print = useMutation({
    // The PDF is made first, so its refusal keeps the contract's message; then the PDF reader
    // (spec 000 §2.3) fetches it with the session.
    mutationFn: async () => {
      const { file } = await call('print-records', { ref: contactRef });
      await openDocument({
        kind: 'pdf',
        title: tx('printTitle', { name }),
        fileName: 'ficha.pdf',
        load: () => fetchPrivate(file),
      });
    },
    onError: (failure) => showApiError(clinicalActions.printRecords, failure, lang),
  });

  const name = info.data ? `${info.data.userFirstName} ${info.data.userLastName}` : (header?.name ?? '');
  const notFound = info.error instanceof ApiError && info.error.code === 'E90';
  const menu = [
    { shown: can('contactsInfo'), label: tx('edit'), icon: IconPencil, onClick: onEdit },
    {
      shown: can('contactsClinic'),
      label: print.isPending ? tx('printing') : tx('print'),
      icon: IconPrinter,
      onClick: () => print.mutate(),
      busy: print.isPending,
    },
    {
      shown: can('contactsClinic'),
      label: tx('audit'),
      icon: IconHistory,
      onClick: () => setAuditOpen(true),
    },
    {
      shown: can('contactsInfo'),
      label: excel.isPending ? tx('excelWorking') : tx('excel'),
      icon: IconFileSpreadsheet,
      onClick: () => excel.mutate(),
      busy: excel.isPending,
    },
  ];

  if (notFound) {
    return (
      <Stack gap="md">
        {onBack && <BackToList onBack={onBack} />}
        <Alert color="yellow" role="alert">
          {tx('notFound')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" className={classes.detail}>
      {onBack && <BackToList onBack={onBack} flush />}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ContactPhoto
            path={info.data?.userImg ?? header?.img}
            version={photoVersion}
            alt=""
            size={56}
            radius="xl"
            color="brand"
          >
            {info.data
              ? initials(info.data.userFirstName, info.data.userLastName)
              : initials(header?.first ?? '', header?.last ?? '')}
          </ContactPhoto>
          <Stack gap={0} style={{ minWidth: 0 }}>
            {name ? (
              <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
            ) : (
              <Skeleton height={24} width={200} />
            )}
            <Text size="sm" c="dimmed" truncate>
              {info.data?.userMail ?? header?.mail}
            </Text>
            {can('contactsInfo') && (
              <ChangePhotoButton
                contactRef={contactRef}
                onDone={() => {
                  setPhotoVersion((v) => v + 1);
                  void queryClient.invalidateQueries({ queryKey: contactsKey });
                }}
              />
            )}
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={44} aria-label={tx('options')}>
              {excel.isPending || print.isPending ? (
                <Loader size={18} />
              ) : (
                <IconDotsVertical size={20} aria-hidden />
              )}
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu
              .filter((item) => item.shown)
              .map(({ label, icon: Icon, onClick, busy }) => (
                <Menu.Item
                  key={label}
                  leftSection={<Icon size={16} aria-hidden />}
                  disabled={busy}
                  onClick={onClick}
                >
                  {label}
                </Menu.Item>
              ))}
            {can('contactsInfo') && (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setConfirmDelete(true)}
                >
                  {tx('remove')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>

      {tabs.length > 0 && (
        <Tabs value={current} onChange={(value) => value && onTab(value as ContactTab)} keepMounted={false}>
          <Tabs.List aria-label={tx('tabsLabel')} className={classes.tabsList}>
            {tabs.includes('info') && <Tabs.Tab value="info">{tx('tabInfo')}</Tabs.Tab>}
            <Tabs.Tab value="bookings">{tx('tabBookings')}</Tabs.Tab>
            {tabs.includes('sales') && <Tabs.Tab value="sales">{tx('tabSales')}</Tabs.Tab>}
            {tabs.includes('chat') && <Tabs.Tab value="chat">{tx('tabChat')}</Tabs.Tab>}
            {tabs.includes('notes') && <Tabs.Tab value="notes">{tx('tabNotes')}</Tabs.Tab>}
            {tabs.includes('clinic') && <Tabs.Tab value="clinic">{tx('tabClinic')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="info" pt="md">
            {info.isPending ? (
              <Stack gap="sm" aria-busy="true">
                <Skeleton height={16} width="60%" />
                <Skeleton height={16} width="40%" />
                <Skeleton height={16} width="70%" />
              </Stack>
            ) : info.isError ? (
              <RetryAlert
                compact
                text={apiErrorText(contactsActions.findUserInfoContact, info.error, lang)}
                retry={info.refetch}
              />
            ) : (
              <ContactInfoTab info={info.data} onEdit={can('contactsInfo') ? onEdit : null} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="bookings" pt="md">
            <ContactBookingsTab contactRef={contactRef} />
            <ContactCourses contactRef={contactRef} />
          </Tabs.Panel>
          <Tabs.Panel value="sales" pt="md">
            <ContactSalesTab contactRef={contactRef} ownCountry={ownInfo.data?.userCountry} />
          </Tabs.Panel>
          <Tabs.Panel value="chat" pt="md">
            <ContactChatTab idChat={info.data?.idChat ?? header?.idChat ?? null} />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            <ContactNotesTab contactRef={contactRef} />
          </Tabs.Panel>
          <Tabs.Panel value="clinic" pt="md">
            <Suspense fallback={<Skeleton height={240} radius="md" aria-label={tx('clinicLoading')} />}>
              <ClinicalHistory contactRef={contactRef} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      )}

      <ConfirmDialog
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={tx('removeTitle')}
        message={tx('removeText', { name })}
        cancelLabel={tx('cancel')}
        confirmLabel={tx('removeConfirm')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />

      <Modal opened={auditOpen} onClose={() => setAuditOpen(false)} title={tx('auditTitle')} size="xl">
        <Suspense fallback={<Skeleton height={160} />}>
          {auditOpen && <AuditTrail contactRef={contactRef} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}
