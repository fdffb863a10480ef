import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const chatPage = lazyPage(
  () => import('./chat-page.tsx'),
  (m) => m.ChatPage,
);

const waitingRoomPage = lazyPage(
  () => import('./waiting-room-page.tsx'),
  (m) => m.WaitingRoomPage,
);

const videoRoomPage = lazyPage(
  () => import('./video-room-page.tsx'),
  (m) => m.VideoRoomPage,
);

/**
 * spec 000 §2.2 chat/{ref?}, chats/{ref?} and the named route prof-chat/{ref} (001 §2: the
 * contact's Chat tab): one screen, loaded only when opened (never in a public page's bundle).
 */
export const chatRoutes: RouteObject[] = [
  { path: 'chats/:ref?', lazy: chatPage },
  { path: 'chat/:ref?', lazy: chatPage },
  { path: 'prof-chat/:ref?', lazy: chatPage },
  // The own video room (issue 17, ADR 016): its own chunk, with the in-room chat beside it.
  { path: 'room/:ref/:group?/:external?', lazy: videoRoomPage },
  { path: 'meeting/:room/:type?/:date?', lazy: videoRoomPage },
  { path: 'meet-room/:room/:date?/:user?', lazy: videoRoomPage },
  // spec 002 §2: a live lesson's 'Ingresar al evento' (canEnter, useMyVideoCall); ref is the lesson.
  { path: 'course-room/:ref', lazy: videoRoomPage },
  // spec 000 §6 call-turnbox: the waiting room's screen, where an announced client is called.
  { path: 'waiting-room', lazy: waitingRoomPage },
];
