import type { Browser, Page, TestInfo } from '@playwright/test';
import { demo, expect, signIn, test, watchConsole } from './fixtures.ts';

/**
 * Issue 3 acceptance, end to end as a new user would try it: the demo professional (Lucía
 * Fernández, Argentina, America/Argentina/Buenos_Aires) creates a service, gives it weekly hours
 * on several days and blocks one of those days; then a logged-out visitor from Spain (Madrid
 * time, the `mx` prefix ES visitors are sent to, spec 000 §2.1) finds it through search, sees the
 * USD price and the slots in Madrid time, pages the 5-day windows (spec 000 §2.7) and finds the
 * blocked day empty. The times are computed from the rule with Intl, not written by hand.
 */

const professionalZone = 'America/Argentina/Buenos_Aires';
const visitorZone = 'Europe/Madrid';
/** The rule's wall-clock range in the professional's zone; turns last the default 50 minutes. */
const ruleStart = '10:00';
const ruleEnd = '13:00';
/** ISO weekday (1 Monday … 7 Sunday) → the editor's Spanish day names. */
const weekdayEs = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** Today's calendar date 'YYYY-MM-DD' in an IANA zone. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, zone: string): number {
  const parts: Record<string, number> = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  const part = (type: string) => parts[type] ?? 0;
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock date and time in a zone (two passes settle a DST offset). */
function wallClockInstant(date: string, time: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, h, min);
  const first = guess - offsetAt(guess, zone);
  return guess - offsetAt(first, zone);
}

/** 'HH:mm' and 'YYYY-MM-DD' of an instant in a zone. */
function wallClockIn(instant: number, zone: string): { date: string; hour: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
  return { date, hour };
}

/** Mantine's calendar names each day 'D MMMM YYYY' in the page's language (dayjs 'es'). */
function calendarDayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return `${d} ${month} ${y}`;
}

/** '24 de noviembre de 2026', the part of the blocked-days list's long date that does not vary. */
function longDatePart(date: string): string {
  const [d, month, y] = calendarDayLabel(date).split(' ');
  return `${d} de ${month} de ${y}`;
}

/** The picker's day heading ('mar, 24 nov'), formatted by the page's own Intl so they agree. */
function pickerDayLabel(page: Page, date: string): Promise<string> {
  return page.evaluate((iso) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat('es', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, d)));
  }, date);
}

/** Removes the block of `date` if an earlier run (the other project) left it listed. */
async function unblockIfListed(page: Page, date: string) {
  const unblock = page.getByRole('button', { name: new RegExp(`^Desbloquear .*${longDatePart(date)}$`) });
  await expect(page.getByRole('heading', { name: 'Próximos días bloqueados' })).toBeVisible();
  if ((await unblock.count()) === 0) return;
  await unblock.click();
  const dialog = page.getByRole('dialog', { name: '¿Desbloquear estos días?' });
  await dialog.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('Días desbloqueados.')).toBeVisible();
  await expect(unblock).toHaveCount(0);
}

/** A logged-out browser in Madrid with the same device as the running project (desktop or phone). */
async function visitorContext(browser: Browser, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL } = testInfo.project.use;
  return browser.newContext({
    ...(viewport ? { viewport } : {}),
    ...(isMobile !== undefined ? { isMobile } : {}),
    ...(hasTouch !== undefined ? { hasTouch } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    baseURL: baseURL ?? '',
    timezoneId: visitorZone,
    locale: 'es-ES',
  });
}

test('a professional sets weekly hours and a blocked day; a visitor in Madrid books from their own clock', async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, three editors and a dozen picker windows: about 40 s on a busy machine.
  test.setTimeout(120_000);
  const title = `Meditación guiada ${testInfo.project.name} ${Date.now()}`;

  // The first window the picker shows starts today in the professional's calendar. The service
  // gets hours on the next four days' weekdays; the second of them is blocked, the third checked.
  const today = todayIn(professionalZone);
  const ruleDates = [1, 2, 3, 4].map((n) => addDays(today, n));
  const [firstRuleDate, blockedDate, checkedDate] = ruleDates as [string, string, string, string];
  const ruleDays = ruleDates.map((date) => weekdayEs[isoWeekday(date) - 1] ?? '');
  const [firstDay, ...otherDays] = ruleDays as [string, ...string[]];
  const checkedSlot = wallClockIn(wallClockInstant(checkedDate, ruleStart, professionalZone), visitorZone);

  // 1. The professional creates an online service priced in pesos and in dollars, bookable 30 days ahead.
  await signIn(page, demo.professional);
  await page.goto('/ar/es/new-service');
  await page.getByLabel('Título').fill(title);
  await page.getByRole('textbox', { name: 'Terapia o especialidad' }).click();
  await page.getByRole('option', { name: 'Reiki' }).click();
  await page
    .getByLabel('Descripción')
    .fill('Meditación guiada por videollamada para bajar el estrés del día.');
  await page.getByRole('radio', { name: 'Online', exact: true }).check();
  await page.getByLabel('Precio (ARS)').fill('18000');
  await page.getByLabel('Precio internacional (USD)').fill('25');
  await page.getByRole('radio', { name: 'Calendario semanal' }).check();
  await page.getByRole('textbox', { name: 'Hasta cuándo se puede reservar' }).click();
  await page.getByRole('option', { name: 'Hasta 30 días antes' }).click();
  await expect(page.getByRole('textbox', { name: 'Hasta cuándo se puede reservar' })).toHaveValue(
    'Hasta 30 días antes',
  );
  await page.getByRole('button', { name: 'Crear servicio' }).click();
  await expect(page).toHaveURL(/\/ar\/es\/general-service\/[A-Za-z0-9_-]+\/agenda$/);
  const ref = /general-service\/([A-Za-z0-9_-]+)\//.exec(page.url())?.[1] ?? '';
  expect(ref).not.toBe('');

  // 2. Weekly hours: one range on the first day, copied to three more days, then saved.
  await page.getByRole('link', { name: 'Editar disponibilidad' }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/es/edit-turns-recurrents/${ref}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Horarios semanales' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  // The zone reads as its Spanish city and offset (issue 12), not the IANA name.
  await expect(page.getByText('Zona horaria: Buenos Aires (GMT-3)')).toBeVisible();
  await expect(
    page.getByText('Todavía no cargaste horarios. Agrega un horario a los días en que atiendes.'),
  ).toBeVisible();

  const first = page.getByRole('region', { name: firstDay, exact: true });
  await first.getByRole('button', { name: `Agregar horario (${firstDay})` }).click();
  await first.getByLabel('Desde').fill(ruleStart);
  await first.getByLabel('Hasta').fill(ruleEnd);
  await expect(first.getByText('Turnos: 10:00 · 10:50 · 11:40')).toBeVisible();
  await first.getByRole('button', { name: `Copiar a otros días (${firstDay})` }).click();
  const copy = page.getByRole('dialog', { name: `Copiar los horarios del ${firstDay}` });
  for (const day of otherDays) await copy.getByRole('checkbox', { name: day, exact: true }).check();
  await copy.getByRole('button', { name: 'Copiar' }).click();
  await expect(copy).toBeHidden();
  for (const day of otherDays) {
    const region = page.getByRole('region', { name: day, exact: true });
    await expect(region.getByLabel('Desde')).toHaveValue(ruleStart);
    await expect(region.getByLabel('Hasta')).toHaveValue(ruleEnd);
  }
  await page.getByRole('button', { name: 'Guardar horarios' }).click();
  await expect(page.getByText('Horarios guardados.')).toBeVisible();
  // What was saved comes back after a reload.
  await page.reload();
  for (const day of ruleDays) {
    await expect(page.getByRole('region', { name: day, exact: true }).getByLabel('Desde')).toHaveValue(
      ruleStart,
    );
  }

  // 3. A blocked day (it applies to all the professional's services) on one of those weekdays.
  await page.goto('/ar/es/blocked-days');
  await expect(page.getByRole('heading', { level: 1, name: 'Días bloqueados' })).toBeVisible();
  await unblockIfListed(page, blockedDate);
  const dayButton = page.getByRole('button', { name: calendarDayLabel(blockedDate), exact: true });
  if ((await dayButton.count()) === 0) {
    // Near the end of a month the date is on the next page of the calendar.
    await page.locator('[data-direction="next"]').first().click();
  }
  await dayButton.first().click();
  await expect(page.getByRole('status').filter({ hasText: longDatePart(blockedDate) })).toBeVisible();
  await page.getByLabel('Motivo (opcional)').fill('Congreso de meditación');
  await page.getByRole('button', { name: 'Bloquear días' }).click();
  await expect(page.getByText('Días bloqueados.')).toBeVisible();
  const blockedItem = page.getByRole('listitem').filter({ hasText: longDatePart(blockedDate) });
  await expect(blockedItem).toContainText('Congreso de meditación');
  await page.screenshot({ path: testInfo.outputPath('blocked-days.png'), fullPage: true });

  // 4. A logged-out visitor in Madrid finds the service by its title.
  const visitor = await visitorContext(browser, testInfo);
  const guest = await visitor.newPage();
  const guestErrors = watchConsole(guest);
  await guest.goto('/mx/es/search');
  const searchBox = guest.getByPlaceholder('Terapia, síntoma o nombre del profesional');
  await searchBox.fill(title);
  await searchBox.press('Enter');
  await expect(guest).toHaveURL(/\/mx\/es\/search\?.*q=/);
  const card = guest.locator('.mantine-Card-root').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Lucía Fernández');
  await expect(card).toContainText('US$');
  await card.locator(`a[href*="/service/${ref}"]`).first().click();

  await expect(guest).toHaveURL(new RegExp(`/mx/es/service/${ref}`));
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // An Argentinian professional's price for a visitor abroad: the international USD price.
  await expect(guest.getByTestId('price')).toContainText('US$');
  await expect(guest.getByTestId('price')).toContainText('25');
  await expect(guest.getByText('Precio internacional en dólares estadounidenses (USD).')).toBeVisible();

  // 5. Slots in Madrid time, each with the professional's hour beside it.
  const picker = guest.getByRole('region', { name: 'Elige día y horario' });
  await expect(picker.getByText(/Horarios en tu zona horaria \(Madrid, GMT\+\d\)\./)).toBeVisible();
  const range = picker.getByTestId('window-range');
  await expect(range).toContainText(await pickerDayLabel(guest, today));
  const firstWindow = (await range.textContent()) ?? '';

  const checkedLabel = await pickerDayLabel(guest, checkedSlot.date);
  const slot = picker.getByRole('button', { name: `${checkedLabel}, ${checkedSlot.hour}`, exact: true });
  await expect(slot).toBeVisible();
  await expect(slot).toContainText(`${ruleStart} en Buenos Aires`);
  // Nothing is offered at the professional's wall-clock hour read as Madrid time.
  await expect(
    picker.getByRole('button', { name: `${checkedLabel}, ${ruleStart}`, exact: true }),
  ).toHaveCount(0);
  const firstRuleLabel = await pickerDayLabel(guest, firstRuleDate);
  await expect(
    picker.getByRole('button', { name: new RegExp(`^${firstRuleLabel}, `) }).first(),
  ).toBeVisible();

  // The blocked day is in the window and offers nothing.
  const blockedLabel = await pickerDayLabel(guest, blockedDate);
  const blockedDay = picker.getByRole('listitem').filter({ hasText: blockedLabel });
  await expect(blockedDay).toContainText('Sin horarios');
  await expect(blockedDay.getByRole('button')).toHaveCount(0);

  // Choosing a slot enables booking.
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('button', { name: 'Reservar cita' })).toBeEnabled();

  await guest.screenshot({ path: testInfo.outputPath('service-page-madrid.png'), fullPage: true });

  // 6. The next window and back.
  await picker.getByRole('button', { name: 'Fechas siguientes' }).click();
  await expect(range).not.toHaveText(firstWindow);
  await expect(range).toContainText(await pickerDayLabel(guest, addDays(today, 5)));
  await expect(
    picker.getByRole('button', { name: new RegExp(`, ${checkedSlot.hour}$`) }).first(),
  ).toBeVisible();
  await picker.getByRole('button', { name: 'Fechas anteriores' }).click();
  await expect(range).toHaveText(firstWindow);
  await expect(blockedDay).toContainText('Sin horarios');

  // The 30-day limit: paging forward ends with 'Próximas fechas no disponibles.' within 7 windows.
  let pages = 0;
  const endToast = guest.getByText('Próximas fechas no disponibles.');
  while (pages < 8 && (await endToast.count()) === 0) {
    const before = (await range.textContent()) ?? '';
    await picker.getByRole('button', { name: 'Fechas siguientes' }).click();
    await expect
      .poll(async () => (await endToast.count()) > 0 || (await range.textContent()) !== before)
      .toBe(true);
    if ((await endToast.count()) === 0) pages += 1;
  }
  await expect(endToast).toBeVisible();
  expect(pages).toBeGreaterThanOrEqual(5);
  expect(pages).toBeLessThanOrEqual(7);

  await visitor.close();

  // 7. Tidy up so the other project (and other journeys) start from the seed: unblock, delete.
  await page.goto('/ar/es/blocked-days');
  await unblockIfListed(page, blockedDate);
  await page.goto('/ar/es/my-services');
  const serviceCard = page.locator('.mantine-Card-root', { hasText: title });
  await serviceCard.getByRole('button', { name: `Más acciones de ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar servicio' })
    .getByRole('button', { name: 'Sí, eliminar' })
    .click();
  await expect(page.getByText('El servicio fue eliminado.')).toBeVisible();

  expect(guestErrors).toEqual([]);
});

/** Keeps the helpers honest: Buenos Aires 10:00 is 14:00 in Madrid in November (no DST on either side). */
test('time helpers convert a Buenos Aires wall clock to Madrid', () => {
  const at = wallClockInstant('2026-11-25', '10:00', professionalZone);
  expect(new Date(at).toISOString()).toBe('2026-11-25T13:00:00.000Z');
  expect(wallClockIn(at, visitorZone)).toEqual({ date: '2026-11-25', hour: '14:00' });
  // Summer in Madrid (UTC+2): 15:00.
  expect(wallClockIn(wallClockInstant('2026-07-01', '10:00', professionalZone), visitorZone).hour).toBe(
    '15:00',
  );
  expect(isoWeekday('2026-11-23')).toBe(1);
  expect(calendarDayLabel('2026-11-24')).toBe('24 noviembre 2026');
});
