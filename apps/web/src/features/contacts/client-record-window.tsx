import { Alert, Anchor, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { useContactPermissions } from '../../lib/corporate-permissions.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import type { ClientRecordTarget } from '../../ui/client-record-slot.tsx';
import { FloatingWindow } from '../../ui/floating-window.tsx';
import { ContactDetail, type ContactTab } from './contact-detail.tsx';
import { contactsTexts } from './contacts-texts.ts';

/**
 * spec 000 §2.3: the draggable client-record window, opened over the agenda from the appointment
 * panel. It is the record of clients/{ref} (the same tabs, each behind the team member's
 * permission, and the server's own checks); editing the contact's data goes to that page.
 */
export function ClientRecordWindow({
  target,
  opened,
  onClose,
}: {
  target: ClientRecordTarget;
  opened: boolean;
  onClose: () => void;
}) {
  const tx = useTexts(contactsTexts);
  const can = useContactPermissions();
  const navigate = useNavigate();
  const { to } = usePrefix();
  const [tab, setTab] = useState<ContactTab>('info');
  const page = to(`clients/${target.ref}`);
  return (
    <FloatingWindow
      opened={opened}
      onClose={onClose}
      title={tx('recordWindowTitle', { name: target.name })}
      size={{ width: 640, height: 720 }}
    >
      {can('contactsView') ? (
        <>
          <Group justify="flex-end" mb="xs">
            <Anchor component={Link} to={page} size="sm" onClick={onClose} className="touch-link">
              <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
              {tx('recordOpenPage')}
            </Anchor>
          </Group>
          <ContactDetail
            key={target.ref}
            contactRef={target.ref}
            header={undefined}
            can={can}
            tab={tab}
            onTab={setTab}
            onEdit={() => {
              onClose();
              navigate(page);
            }}
            onDeleted={onClose}
            onBack={null}
          />
        </>
      ) : (
        <Alert color="gray">{tx('noPermission')}</Alert>
      )}
    </FloatingWindow>
  );
}
