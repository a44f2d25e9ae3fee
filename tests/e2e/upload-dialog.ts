/**
 * The upload dialog as a creator fills it, for journeys that upload through the screens: open
 * Create → Upload Video on the dashboard, choose the clip (the browser captures its thumbnail),
 * fill title, description and one tag. The journey then clicks Upload and follows the progress.
 */
import type { Locator, Page } from 'playwright-core';

export interface UploadFields {
  clip: string;
  title: string;
  description: string;
  tag: string;
}

/** Fills the dialog on the dashboard page already open; returns the dialog. */
export async function fillUploadDialog(page: Page, fields: UploadFields): Promise<Locator> {
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('menuitem', { name: 'Upload Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await dialog.getByLabel('Video file *').setInputFiles(fields.clip);
  await dialog.getByRole('img', { name: 'Thumbnail preview' }).waitFor();
  await dialog.getByLabel('Title *').fill(fields.title);
  await dialog.getByLabel('Description *').fill(fields.description);
  await dialog.getByLabel('Tags *').fill(`${fields.tag},`);
  return dialog;
}

/**
 * The link the dashboard keeps to a video uploaded in this visit (the Videos list below links it
 * too, once it has reloaded).
 */
export function uploadedLink(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Uploaded just now' }).getByRole('link', { name: title });
}
