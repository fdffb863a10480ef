import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { ClientRecordProvider, type ClientRecordTarget } from '../ui/client-record-slot.tsx';

// The record brings the contacts slice (and the clinical history) with it: loaded on first use.
const ClientRecordWindow = lazy(() =>
  import('../features/contacts/client-record-window.tsx').then((m) => ({ default: m.ClientRecordWindow })),
);

/** Holds the draggable client-record window (spec 000 §2.3) and hands its opener to the pages below. */
export function ClientRecordHost({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ClientRecordTarget | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: ClientRecordTarget) => {
    setTarget(next);
    setOpened(true);
  }, []);
  return (
    <ClientRecordProvider value={open}>
      {children}
      {target && (
        <Suspense fallback={null}>
          <ClientRecordWindow
            key={target.ref}
            target={target}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </ClientRecordProvider>
  );
}
