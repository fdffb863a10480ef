import { AppointmentPanel } from './appointment-panel.tsx';

/**
 * Where the appointment options panel (spec 000 §2.5) opens from the agenda, the lists and
 * next-session: every page goes through here so the panel is wired in one place.
 */
export function PanelSlot(props: {
  bookingRef: string | undefined;
  onClose: () => void;
  onChanged: () => void;
}) {
  return <AppointmentPanel {...props} />;
}
