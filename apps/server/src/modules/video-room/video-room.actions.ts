import { handle } from '../../rpc.ts';
import { findRoomData } from './video-room.service.ts';

/**
 * The video room (issue 17). Both sides call it ('participant'); who may see the room is decided
 * per appointment in the service, and everybody else answers E404.
 */
export const videoRoomHandlers = [
  handle('find-group-room-data', 'participant', async (input, ctx) => ({
    room: await findRoomData(ctx.deps, ctx.user, input.ref),
  })),
];
