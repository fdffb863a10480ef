import { expect, type Page } from '@playwright/test';

/** Demo logins of the seed (README). */
export const demo = {
  professional: 'profesional@agendo.test',
  client: 'consultante@agendo.test',
  password: 'demo1234',
} as const;

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, email: string, password: string = demo.password) {
  await page.goto('/ar/es/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/login/);
}
