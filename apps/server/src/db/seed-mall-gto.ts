import { addDays, localDate, startOfLocalDay } from '@merchant/core';
import type { BusinessContext } from '../http/context';
import type { Clock } from '../lib/clock';
import type { Services } from '../services';

/**
 * The demo's mall sales reporting (docs/pos.md, "Mall sales reporting"): the Tanjong Pagar kiosk reports to a
 * fictional mall, with a week of runs, one of them failed. Paused, so a demo server never calls the (made-up) SFTP
 * server; the runs are recorded without uploading, their files built from the days' orders as real runs are.
 */
export async function seedMallGto(services: Services, owner: BusinessContext, clock: Clock): Promise<void> {
  const { integrations, runs } = services.mallGto;
  const businessId = owner.business.row.id;
  const kiosk = await integrations.locationNamed(businessId, 'Tanjong Pagar kiosk');
  if (!kiosk) return;
  const created = await integrations.create(owner, {
    name: 'Orchid Square',
    format: 'orchid_square_fixed',
    location_id: kiosk,
    tenant_id: 'DCR0107',
    machine_id: 'POS01',
    sftp_host: 'sftp.orchid-square.example',
    sftp_port: 22,
    sftp_username: 'demo-coffee',
    auth_kind: 'password',
    password: 'demo-sftp-password',
    remote_directory: 'inbox',
    active: false,
  });
  const zone = owner.business.row.timeZone;
  const today = localDate(clock.now(), zone);
  for (let back = 7; back >= 1; back--) {
    const day = addDays(today, -back);
    // Sent at 00:05 the next day; the one failed gave up after its last retry, 21 minutes later.
    const at = new Date(startOfLocalDay(day, zone, 1).getTime() + (back === 3 ? 26 : 5) * 60_000);
    await runs.recordDemoRun(businessId, created.id, day, { error: back === 3 ? 'The SFTP server did not answer in time.' : null, at });
  }
}
