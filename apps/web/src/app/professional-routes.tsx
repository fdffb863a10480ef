import type { RouteObject } from 'react-router';
import { availabilityRoutes } from '../features/availability/routes.tsx';
import { catalogueRoutes } from '../features/catalogue/routes.tsx';
import { clinicalRoutes } from '../features/clinical/routes.tsx';
import { contactsRoutes } from '../features/contacts/routes.tsx';
import { courseAttendanceRoutes } from '../features/course-attendance/routes.tsx';
import { courseEditorRoutes } from '../features/course-editor/routes.tsx';
import { externalCalendarsRoutes } from '../features/external-calendars/routes.tsx';
import { invoicingRoutes } from '../features/invoicing/routes.tsx';
import { paymentSettingsRoutes } from '../features/payment-settings/routes.tsx';
import { plansRoutes } from '../features/plans/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { salesRoutes } from '../features/sales/routes.tsx';

/**
 * The professional's (and the admin's) pages: services, availability, clients and their records,
 * sales, courses, plans, profile, payment and invoicing settings. Loaded with route-areas.ts the
 * first time one is visited (issue 13).
 */
export const routes: RouteObject[] = [
  ...catalogueRoutes,
  ...availabilityRoutes,
  ...contactsRoutes,
  ...salesRoutes,
  ...clinicalRoutes,
  ...courseEditorRoutes,
  ...courseAttendanceRoutes,
  ...paymentSettingsRoutes,
  ...invoicingRoutes,
  ...plansRoutes,
  ...profileRoutes,
  ...externalCalendarsRoutes,
];
