import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSftpServer, type TestSftpServer } from '../apps/server/test/sftp-server';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Mall sales reporting: the owner sets up a mall against a real SFTP server on this machine, tests the connection,
 * sends a day from the run log and resends it, and sees both runs with their file; the log on a phone.
 */
const demo = demoTests();
let sftp: TestSftpServer;

beforeAll(async () => {
  sftp = await startSftpServer({ username: 'e2e-tenant', password: 'e2e-mall-password' });
  mkdirSync(join(sftp.root, 'inbox'));
});
afterAll(async () => {
  await sftp.close();
});

describe('mall sales reporting', () => {
  it('sets up a mall, tests the connection, sends and resends a day, and shows the runs', async () => {
    const name = `E2E Mall ${Date.now().toString(36)}`;
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/pos/settings/mall-gto`);
    await page.getByRole('heading', { level: 1, name: 'Mall sales reporting' }).waitFor();
    // The demo's mall, seeded with a week of runs.
    await page.getByText('Orchid Square').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'mall-gto-list');

    await page.getByRole('link', { name: 'Set up a mall' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up mall sales reporting' }).waitFor();
    await page.getByRole('textbox', { name: 'Mall name' }).fill(name);
    await page.getByRole('textbox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'Roastery' }).click();
    await page.getByRole('textbox', { name: 'Tenant id' }).fill('E2E01');
    await page.getByRole('textbox', { name: 'Machine id' }).fill('POS9');
    await page.getByRole('textbox', { name: 'Host' }).fill(sftp.host);
    await page.getByRole('textbox', { name: 'Port' }).fill(String(sftp.port));
    await page.getByRole('textbox', { name: 'User name' }).fill(sftp.username);
    await page.locator('input[type="password"]').fill(sftp.password);
    await page.getByRole('textbox', { name: /^Remote folder/ }).fill('inbox');
    await expectAccessible(page);
    await screenshot(page, 'mall-gto-set-up');
    await page.getByRole('button', { name: 'Set up', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Mall sales reporting' }).waitFor();
    await page.getByRole('button', { name: `Test connection to ${name}` }).click();
    await page.getByText('Connected to 127.0.0.1: the folder holds 0 entries.').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Run log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mall run log' }).waitFor();
    // The demo's week: one run failed.
    await page.getByText('The SFTP server did not answer in time.').first().waitFor();
    await page.getByRole('textbox', { name: 'Mall', exact: true }).click();
    await page.getByRole('option', { name }).click();
    await page.getByRole('button', { name: 'Send day' }).click();
    await page.getByText(new RegExp(`was sent to ${name}`)).waitFor();
    const sent = Object.keys(sftp.files('inbox'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^E2E01_POS9_\d{8}\.csv$/);

    await page.getByRole('textbox', { name: 'Show' }).click();
    await page.getByRole('option', { name }).click();
    const runs = page.getByRole('table', { name: 'Runs' });
    await runs.getByRole('button', { name: new RegExp(`^Resend .* to ${name}$`) }).click();
    // The resend's row comes with the list's refetch: wait for it (a poll's one second is short on a busy machine).
    await runs
      .getByRole('link', { name: /^Download the file of/ })
      .nth(1)
      .waitFor();
    expect(await runs.getByRole('link', { name: /^Download the file of/ }).count()).toBe(2);
    expect(await runs.getByText('Sent', { exact: true }).count()).toBe(2);
    await runs.getByText('Resend', { exact: true }).first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'mall-gto-runs');
    await close();

    const phone = await demo.page({ width: 375, height: 800 });
    await phone.page.goto(`/business/${demo.businessId}/pos/settings/mall-gto/integrations`);
    await phone.page.getByRole('heading', { level: 1, name: 'Mall run log' }).waitFor();
    await phone.page.getByText('The SFTP server did not answer in time.').first().waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'mall-gto-runs-phone');
    await phone.close();
  });
});
