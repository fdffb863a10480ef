import { Box, Button, Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { EmptyNote, RetryAlert } from '../../ui/list-page.tsx';
import { ProfessionalPage } from '../../ui/professional-page.tsx';
import { ContactDetail, type ContactTab } from './contact-detail.tsx';
import { ContactForm } from './contact-form.tsx';
import { ContactList } from './contact-list.tsx';
import classes from './contacts.module.css';
import { contactsTexts } from './contacts-texts.ts';
import { useContactInfo, useContactList, useContactPermissions } from './use-contacts.ts';

/** clients/{ref?} (spec 001 §2): the professional's contacts; the ref opens one directly. */
export function ContactsPage() {
  const tx = useTexts(contactsTexts);
  return (
    <ProfessionalPage title={tx('title')} permission="contactsView" noPermissionText={tx('noPermission')}>
      <Contacts />
    </ProfessionalPage>
  );
}

type Mode = 'view' | 'edit' | 'new';

function Contacts() {
  const tx = useTexts(contactsTexts);
  const { ref } = useParams();
  const navigate = useNavigate();
  const { to } = usePrefix();
  const can = useContactPermissions();
  // spec 001 §2.1 and §9: at 768 px or narrower, opening a record collapses the list.
  const phone = useMediaQuery('(max-width: 768px)') ?? false;
  const list = useContactList();
  const [mode, setMode] = useState<Mode>('view');
  const [tab, setTab] = useState<ContactTab>('info');
  const editing = mode === 'edit' && ref ? ref : undefined;
  const info = useContactInfo(ref ?? '', editing !== undefined);

  const open = (next: string) => {
    setMode('view');
    setTab('info');
    navigate(to(`clients/${next}`));
  };
  const backToList = () => {
    setMode('view');
    navigate(to('clients'));
  };
  const afterSave = (saved: string) => {
    // spec 001 §2.1: after a successful save the view shows the Info tab.
    setTab('info');
    setMode('view');
    if (saved !== ref) navigate(to(`clients/${saved}`));
  };

  if (list.isError) {
    return (
      <Box maw={560} mx="auto">
        <RetryAlert text={tx('loadError')} retry={() => list.refetch()} />
      </Box>
    );
  }

  const hasContacts = (list.data?.length ?? 0) > 0;
  const detailWanted = ref !== undefined || mode === 'new';
  const showList = !phone || !detailWanted;
  const showDetail = phone ? detailWanted : detailWanted || hasContacts || list.isPending;
  const entry = list.data?.find((c) => c.idSeller === ref);

  let detail: React.ReactNode = null;
  if (mode === 'new') {
    detail = (
      <ContactForm
        key="new"
        mode="new"
        onSaved={afterSave}
        onCancel={() => (ref ? setMode('view') : backToList())}
      />
    );
  } else if (editing) {
    detail = info.data ? (
      <ContactForm
        key={`edit-${editing}`}
        mode="edit"
        contact={info.data}
        onSaved={afterSave}
        onCancel={() => setMode('view')}
      />
    ) : (
      <Skeleton height={420} radius="md" />
    );
  } else if (ref) {
    detail = (
      <ContactDetail
        key={ref}
        contactRef={ref}
        header={
          entry && {
            name: entry.sellerName,
            first: entry.userFirstName,
            last: entry.userLastName,
            img: entry.imgSeller,
            mail: entry.userMail,
            idChat: entry.idChat,
          }
        }
        can={can}
        tab={tab}
        onTab={setTab}
        onEdit={() => setMode('edit')}
        onDeleted={backToList}
        onBack={phone ? backToList : null}
      />
    );
  } else if (!list.isPending) {
    detail = (
      <EmptyNote
        icon={<IconUserSearch size={40} stroke={1.5} color="var(--mantine-color-brand-6)" aria-hidden />}
        text={tx('pickOne')}
      />
    );
  }

  return (
    <div className={showList && showDetail ? classes.layout : undefined}>
      {showList && (
        <aside aria-label={tx('title')}>
          <ContactList
            contacts={list.data}
            loading={list.isPending}
            selectedRef={ref}
            canCreate={can('contactsInfo')}
            onOpen={open}
            onNew={() => setMode('new')}
          />
        </aside>
      )}
      {showDetail && (
        <section aria-label={mode === 'new' ? tx('formNewTitle') : (entry?.sellerName ?? tx('title'))}>
          {phone && mode !== 'view' && !ref && (
            <Button
              variant="subtle"
              px={0}
              mb="sm"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={backToList}
            >
              {tx('backToList')}
            </Button>
          )}
          {detail}
        </section>
      )}
    </div>
  );
}
