/**
 * What the back office's browser journeys share: signing in through the
 * form, opening a screen, and a small image to upload.
 */
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness.ts';

/** A 1×1 PNG. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Signs in through /auth and waits for the dashboard. */
export async function signIn(page: Page, as: { email: string; password: string } = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }): Promise<void> {
  await page.goto('/auth', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(as.email);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Goes to an admin page and waits until its data has loaded. */
export async function openAdmin(page: Page, pathname: string, heading: string | RegExp): Promise<void> {
  await page.goto(pathname, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}
