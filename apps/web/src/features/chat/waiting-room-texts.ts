import { defineTexts } from '../../i18n/use-texts.ts';

export const waitingRoomTexts = defineTexts(
  {
    title: 'Sala de espera',
    idle: 'Esperando el próximo llamado.',
    idleHint: 'Deja esta pantalla abierta en la sala de espera: los llamados aparecen al instante.',
    calling: 'Llamado',
    goTo: 'Pasa a {box}',
    earlier: 'Llamados anteriores',
    reconnecting: 'Se cortó la conexión. Reconectando…',
  },
  {
    title: 'Waiting room',
    idle: 'Waiting for the next call.',
    idleHint: 'Leave this screen open in the waiting room: calls show up at once.',
    calling: 'Now calling',
    goTo: 'Please go to {box}',
    earlier: 'Earlier calls',
    reconnecting: 'The connection dropped. Reconnecting…',
  },
);
