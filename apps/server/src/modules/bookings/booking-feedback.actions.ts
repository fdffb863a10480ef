import type { Handler } from '../../rpc.ts';

export const bookingFeedbackHandlers: Handler[] = [];
