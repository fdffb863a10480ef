/**
 * The six guides of spec 000 §2.4, each in a desktop and a phone version. Every step points at an
 * element of the agenda or the header marked with `data-tour` (a step without `target` is shown
 * in the middle of the screen: it explains a screen the guide does not open).
 */
export type GuideId = 'main' | 'bank' | 'calendar' | 'manual' | 'link' | 'card';

export interface GuideStep {
  /** The `data-tour` value of the element the step points at. */
  target?: string;
  title: string;
  text: string;
}

export interface Guide {
  id: GuideId;
  title: string;
  summary: string;
  desktop: readonly GuideStep[];
  mobile: readonly GuideStep[];
}

// The header's menu is a dropdown on desktop and a drawer behind the burger on phones.
const menuDesktop = 'menu';
const menuPhone = 'menu-phone';

export const guides: readonly Guide[] = [
  {
    id: 'main',
    title: 'Recorrido por la pantalla principal',
    summary: 'Conoce tu agenda y dónde está cada herramienta.',
    desktop: [
      {
        target: 'agenda-title',
        title: 'Tu agenda',
        text: 'Aquí ves todas tus citas: las que te reservan y las que agendas tú.',
      },
      {
        target: 'agenda-nav',
        title: 'Muévete en el tiempo',
        text: 'Avanza o retrocede, vuelve a hoy o elige una fecha en el calendario.',
      },
      { target: 'agenda-views', title: 'Día, semana o mes', text: 'Elige cuánto quieres ver de una vez.' },
      {
        target: 'agenda-legend',
        title: 'Estados de las citas',
        text: 'Cada color indica un estado: pendiente de pago, pagada, realizada o cancelada.',
      },
      {
        target: 'agenda-body',
        title: 'Tus citas',
        text: 'Haz clic en una cita para abrir su panel: datos del consultante, cobro, sala, chat y más.',
      },
      {
        target: 'agenda-new',
        title: 'Agendar una cita',
        text: 'Agenda tú mismo una cita para un consultante, una sola vez o cada semana.',
      },
      {
        target: menuDesktop,
        title: 'Tu menú',
        text: 'Desde aquí llegas a tus servicios, tus consultantes, tus cobros y tu cuenta.',
      },
      { target: 'agenda-guides', title: 'Guías', text: 'Vuelve a ver estas guías cuando quieras.' },
    ],
    mobile: [
      { target: 'agenda-title', title: 'Tu agenda', text: 'Aquí ves todas tus citas.' },
      {
        target: 'agenda-nav',
        title: 'Muévete en el tiempo',
        text: 'Toca las flechas para avanzar o retroceder, o elige una fecha.',
      },
      { target: 'agenda-views', title: 'Día, semana o mes', text: 'Elige cuánto quieres ver.' },
      { target: 'agenda-body', title: 'Tus citas', text: 'Toca una cita para abrir su panel de opciones.' },
      {
        target: 'agenda-new',
        title: 'Agendar una cita',
        text: 'Agenda tú mismo una cita para un consultante.',
      },
      {
        target: menuPhone,
        title: 'Tu menú',
        text: 'Toca aquí para ir a tus servicios, consultantes, cobros y tu cuenta.',
      },
      { target: 'agenda-guides', title: 'Guías', text: 'Vuelve a ver estas guías cuando quieras.' },
    ],
  },
  {
    id: 'bank',
    title: 'Cobrar por transferencia bancaria',
    summary: 'Carga tus datos bancarios para que te paguen por transferencia.',
    desktop: [
      { target: menuDesktop, title: 'Abre tu menú', text: 'Entra en Mi cuenta.' },
      {
        title: 'Primero, tu domicilio',
        text: 'En Mi cuenta › Domicilio carga tu país, provincia y ciudad: el formulario bancario los necesita.',
      },
      {
        title: 'Tus datos bancarios',
        text: 'En Mi cuenta › Cuenta Bancaria carga el titular, el banco, el CBU y el alias.',
      },
      {
        target: 'agenda-body',
        title: 'Cuando te pagan',
        text: 'El consultante ve tus datos al reservar. Cuando recibas la transferencia, márcala como pagada desde el panel de la cita.',
      },
    ],
    mobile: [
      { target: menuPhone, title: 'Abre tu menú', text: 'Toca aquí y entra en Mi cuenta.' },
      { title: 'Primero, tu domicilio', text: 'En Domicilio carga tu país, provincia y ciudad.' },
      {
        title: 'Tus datos bancarios',
        text: 'En Cuenta Bancaria carga el titular, el banco, el CBU y el alias.',
      },
      {
        target: 'agenda-body',
        title: 'Cuando te pagan',
        text: 'Marca la cita como pagada desde su panel cuando recibas la transferencia.',
      },
    ],
  },
  {
    id: 'calendar',
    title: 'Vincular tu calendario',
    summary: 'Ve tus citas en Google, Outlook o Apple, y que tus otros compromisos bloqueen horarios.',
    desktop: [
      {
        target: 'agenda-subscribe',
        title: 'Tus citas en tu calendario',
        text: 'Copia este enlace y suscríbete desde Google Calendar, Outlook o Apple: tus citas aparecen allí solas.',
      },
      {
        target: menuDesktop,
        title: 'Tus otros compromisos',
        text: 'En Mi cuenta › Calendario vincula tu calendario externo: lo que ya tengas ocupado allí no se ofrece para reservar.',
      },
      {
        target: 'agenda-body',
        title: 'Listo',
        text: 'Tus citas de Agendo y tu calendario quedan en sintonía.',
      },
    ],
    mobile: [
      {
        target: 'agenda-subscribe',
        title: 'Tus citas en tu calendario',
        text: 'Toca aquí y copia el enlace en la app de tu calendario.',
      },
      {
        target: menuPhone,
        title: 'Tus otros compromisos',
        text: 'En Mi cuenta › Calendario vincula tu calendario externo.',
      },
      { target: 'agenda-body', title: 'Listo', text: 'Tus citas y tu calendario quedan en sintonía.' },
    ],
  },
  {
    id: 'manual',
    title: 'Agendar una cita manual',
    summary: 'Agenda tú mismo una cita para un consultante.',
    desktop: [
      { target: 'agenda-new', title: 'Nueva cita', text: 'Haz clic aquí para agendar una cita.' },
      {
        title: 'Los datos de la cita',
        text: 'Elige el consultante, el servicio, el día y la hora. Puedes repetirla cada semana.',
      },
      {
        target: 'agenda-body',
        title: 'En tu agenda',
        text: 'La cita aparece aquí y el consultante recibe el aviso.',
      },
    ],
    mobile: [
      { target: 'agenda-new', title: 'Nueva cita', text: 'Toca aquí para agendar una cita.' },
      { title: 'Los datos de la cita', text: 'Elige el consultante, el servicio, el día y la hora.' },
      { target: 'agenda-body', title: 'En tu agenda', text: 'La cita aparece aquí.' },
    ],
  },
  {
    id: 'link',
    title: 'Crear el link de un servicio',
    summary: 'Comparte un link para que te reserven directamente.',
    desktop: [
      { target: menuDesktop, title: 'Tus servicios', text: 'Abre tu menú y entra en Mis servicios.' },
      {
        title: 'Crea el servicio',
        text: 'Con Nuevo servicio cargas el título, la duración, el precio y tus horarios.',
      },
      {
        title: 'Comparte el link',
        text: 'Cada servicio tiene su link: cópialo y envíalo por WhatsApp, email o tus redes.',
      },
    ],
    mobile: [
      { target: menuPhone, title: 'Tus servicios', text: 'Toca aquí y entra en Mis servicios.' },
      {
        title: 'Crea el servicio',
        text: 'Con Nuevo servicio cargas el título, la duración, el precio y tus horarios.',
      },
      { title: 'Comparte el link', text: 'Copia el link del servicio y envíalo por WhatsApp o tus redes.' },
    ],
  },
  {
    id: 'card',
    title: 'Cobrar con tarjeta',
    summary: 'Activa el cobro con tarjeta de tus citas.',
    desktop: [
      {
        target: menuDesktop,
        title: 'Configurar Cobros',
        text: 'Abre tu menú, entra en Mi cuenta y luego en Configurar Cobros.',
      },
      {
        title: 'Activa la tarjeta',
        text: 'Elige la pasarela con la que cobras (por ejemplo, Mercado Pago o Stripe) y vincula tu cuenta.',
      },
      {
        target: 'agenda-body',
        title: 'Cobros automáticos',
        text: 'Las citas pagadas con tarjeta aparecen aquí como pagadas, sin que hagas nada.',
      },
    ],
    mobile: [
      {
        target: menuPhone,
        title: 'Configurar Cobros',
        text: 'Toca aquí, entra en Mi cuenta y luego en Configurar Cobros.',
      },
      { title: 'Activa la tarjeta', text: 'Elige tu pasarela y vincula tu cuenta.' },
      {
        target: 'agenda-body',
        title: 'Cobros automáticos',
        text: 'Las citas pagadas con tarjeta aparecen como pagadas.',
      },
    ],
  },
];

export function guideById(id: GuideId): Guide {
  const guide = guides.find((g) => g.id === id);
  if (!guide) throw new Error(`Unknown guide ${id}`);
  return guide;
}
