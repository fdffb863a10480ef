import type { Page } from '@playwright/test';
import { demo, expect, publicationRef, signIn, test } from './fixtures.ts';

// Linking and two bookings end to end can pass the default minute on a loaded 2-core runner.
test.describe.configure({ timeout: 180_000 });

// Issue 18 acceptance (calendar and video linking): the demo professional links the imitated
// Google Calendar through its consent page; a busy event there removes the slot from the client's
// booking picker; a new booking appears in that calendar; she connects the imitated Zoom and the
// next online booking carries a meeting link. The imitation is the one the server serves offline.

const title = 'Evaluación psicopedagógica (valor a convenir)';

async function switchUser(page: Page, email: string) {
  // Leave the signed-in page first: a query still running would otherwise go out without a token.
  await page.goto('/ar/es/no-existe');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email);
}

interface Turn {
  date: string;
  hStart: string;
  dateClient: string;
  hStartClient: string;
  startsAt: string;
}

interface TurnsAnswer {
  from: string;
  hasNext: boolean;
  days: { turns: Turn[] }[];
}

/** A window of the picker with at least `min` turns: how many 'Fechas siguientes' clicks away. */
interface PickerWindow {
  clicks: number;
  turns: Turn[];
}

/**
 * The first window, from today on, that still has `min` free turns, as the client's browser asks
 * for it. Other journeys (booking-journey, and this one on the other project) book this service on
 * the same server, so the first window may be taken already.
 */
async function windowWith(page: Page, ref: string, min: number): Promise<PickerWindow> {
  const userTime = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const ask = async (extra: Record<string, unknown>): Promise<TurnsAnswer> => {
    const response = await page.request.post('/index.php', {
      data: {
        action: 'find-turns',
        browserCountry: 'ar',
        userLang: 'es',
        urlcode: 'e2e',
        ref,
        userTime,
        ...extra,
      },
    });
    return (await response.json()) as TurnsAnswer;
  };
  let answer = await ask({});
  for (let clicks = 0; clicks < 12; clicks++) {
    const turns = answer.days.flatMap((d) => d.turns);
    if (turns.length >= min) return { clicks, turns };
    if (!answer.hasNext) break;
    answer = await ask({ from: answer.from, move: 1 });
  }
  throw new Error(`no window of ${title} with ${min} free turns`);
}

/** Opens the service page's picker on the window `clicks` 'Fechas siguientes' away. */
async function openPicker(page: Page, ref: string, clicks: number) {
  await page.goto(`/ar/es/service/${ref}`);
  const picker = page.getByRole('region', { name: 'Elige día y horario' });
  const range = picker.getByTestId('window-range');
  for (let i = 0; i < clicks; i++) {
    const before = (await range.textContent()) ?? '';
    await picker.getByRole('button', { name: 'Fechas siguientes' }).click();
    await expect(range).not.toHaveText(before);
  }
  return picker;
}

/** The picker's accessible name of a turn (booking-picker.tsx: '{date}, {hour}'). */
async function slotName(page: Page, turn: Turn): Promise<string> {
  const day = await page.evaluate(
    (date) =>
      new Intl.DateTimeFormat('es', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${date}T00:00:00Z`)),
    turn.dateClient,
  );
  return `${day}, ${turn.hStartClient}`;
}

/** Books `turn` from the service page's picker (hidden price: confirmed right away, pending). */
async function book(page: Page, ref: string, turn: Turn, clicks: number): Promise<string> {
  const picker = await openPicker(page, ref, clicks);
  await picker.getByRole('button', { name: await slotName(page, turn), exact: true }).click();
  await picker.getByRole('button', { name: 'Reservar cita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirma tu reserva' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expect(page).toHaveURL(/-success\?ref=/);
  return new URL(page.url()).searchParams.get('ref') ?? '';
}

test('the professional links Google Calendar and Zoom: a busy time leaves the picker, bookings reach the calendar and carry a meeting link', async ({
  page,
}, testInfo) => {
  // The client's window before anything is linked (a read after linking would be cached for
  // CALENDAR_BUSY_TTL_SECONDS): one slot the professional then takes elsewhere, one booked.
  const ref = await publicationRef(page, title);
  const window = await windowWith(page, ref, 2);
  const taken = window.turns[0] as Turn;
  const booked = window.turns[1] as Turn;
  await signIn(page, demo.professional);
  await page.goto('/ar/es/config');
  await page.getByRole('link', { name: 'Vincular calendario' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vincular calendario' })).toBeVisible();
  await expect(page.getByText('Todavía no vinculaste ningún calendario.')).toBeVisible();
  await page.getByRole('button', { name: 'Vincular Google Calendar' }).click();

  // The imitated Google consent page, then back in the app.
  await expect(
    page.getByRole('heading', { name: 'Agendo quiere acceder a tu cuenta de Google' }),
  ).toBeVisible();
  await expect(page.getByLabel('Cuenta')).toHaveValue(demo.professional);
  await page.screenshot({ path: testInfo.outputPath('consent.png'), fullPage: true });
  await page.getByRole('button', { name: 'Permitir' }).click();
  await expect(page).toHaveURL(/\/ar\/es\/change-calendar\?vinculado=1$/);
  await expect(page.getByText('Calendario vinculado: Google Calendar')).toBeVisible();
  await expect(page.getByText(`Cuenta: ${demo.professional}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('change-calendar.png'), fullPage: true });
  const calendarHref =
    (await page.getByRole('link', { name: 'Abrir el calendario de prueba' }).getAttribute('href')) ?? '';
  expect(calendarHref).toContain('/imitation/calendar?provider=google');

  await switchUser(page, demo.client);

  // A busy event in the imitated Google Calendar, through its own page (the professional's time).
  await page.goto(calendarHref);
  // Named per project: the other project's event stays in the imitated calendar.
  const busyTitle = `Turno con el dentista (${testInfo.project.name})`;
  await page.getByLabel('Título', { exact: true }).fill(busyTitle);
  await page.getByLabel('Fecha', { exact: true }).fill(taken.date);
  await page.getByLabel('Hora', { exact: true }).fill(taken.hStart);
  await page.getByLabel('Diferencia horaria').fill('-03:00');
  await page.getByLabel('Duración (minutos)').fill('60');
  await page.getByRole('button', { name: 'Agregar evento' }).click();
  await expect(page.getByText(busyTitle)).toBeVisible();
  // Appointments written out earlier (the other project's run) stay in the imitated calendar.
  const written = page.locator('li[data-source="agendo"]', { hasText: `${title} (Agendo)` });
  const writtenBefore = await written.count();

  // The picker no longer offers it; the next one is still there and the client books it.
  const picker = await openPicker(page, ref, window.clicks);
  await expect(picker.getByRole('button', { name: await slotName(page, booked), exact: true })).toBeVisible();
  await expect(picker.getByRole('button', { name: await slotName(page, taken), exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('picker-without-busy-slot.png'), fullPage: true });
  await book(page, ref, booked, window.clicks);

  // The appointment appears in the imitated calendar (written once the booking committed).
  await expect(async () => {
    await page.goto(calendarHref);
    await expect(written).toHaveCount(writtenBefore + 1, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: testInfo.outputPath('imitated-calendar.png'), fullPage: true });

  // Zoom: connected through its consent page.
  await switchUser(page, demo.professional);
  await page.goto('/ar/es/config');
  await page.getByRole('link', { name: 'Conectar Zoom' }).click();
  await expect(page.getByText('Zoom todavía no está conectado.')).toBeVisible();
  await page.getByRole('button', { name: 'Conectar Zoom' }).click();
  await expect(
    page.getByRole('heading', { name: 'Agendo quiere acceder a tu cuenta de Zoom' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Permitir' }).click();
  await expect(page).toHaveURL(/\/ar\/es\/connect-zoom\?vinculado=1$/);
  await expect(page.getByRole('heading', { name: 'Zoom conectado' })).toBeVisible();
  await expect(page.getByText('Google Meet: disponible con tu Google Calendar vinculado.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('connect-zoom.png'), fullPage: true });

  // The next online booking of this Zoom service carries its own meeting link.
  await switchUser(page, demo.client);
  const nextWindow = await windowWith(page, ref, 1);
  const bookingRef = await book(page, ref, nextWindow.turns[0] as Turn, nextWindow.clicks);
  const panel = page.getByRole('dialog', { name: 'Cita' });
  await expect(async () => {
    await page.goto(`/ar/es/my-bookings/${bookingRef}`);
    await expect(panel.getByText('Videollamada: Zoom')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(panel.getByRole('link', { name: 'Enlace' })).toHaveAttribute(
    'href',
    /^https:\/\/zoom\.us\/j\/\d+/,
  );
  await expect(panel.getByText(/^Contraseña: /)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('booking-with-zoom.png'), fullPage: true });

  // Leave the demo as it was for the journeys that follow: both unlinked.
  await switchUser(page, demo.professional);
  await page.goto('/ar/es/connect-zoom');
  await page.getByRole('button', { name: 'Desconectar Zoom' }).click();
  await expect(page.getByText('Zoom todavía no está conectado.')).toBeVisible();
  await page.goto('/ar/es/change-calendar');
  await page.getByRole('button', { name: 'Desvincular calendario' }).click();
  await expect(page.getByText('Todavía no vinculaste ningún calendario.')).toBeVisible();
});
