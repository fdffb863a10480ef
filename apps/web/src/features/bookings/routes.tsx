import type { RouteObject } from 'react-router';

/** Routes of the bookings feature (agenda, booking lists, options panel pages), mounted under /:country/:lang. */
export const bookingsRoutes: RouteObject[] = [];
