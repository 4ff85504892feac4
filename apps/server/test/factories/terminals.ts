import { terminalEndpoints, type Reader } from '@merchant/pos';
import type { Agent } from '../harness';
import { createLocation } from './locations';
import { unique } from './unique';

/**
 * A paired reader through the terminals endpoints: a simulated reader shows its code, the agent (pos:manage) enters
 * it, at a new active location unless `locationId` says otherwise (null: at none).
 */
export async function pairReader(agent: Agent, businessId: string, options: { locationId?: string | null; name?: string } = {}): Promise<Reader> {
  const params = { business_id: businessId };
  const shown = await agent.ok(terminalEndpoints.simulatePairingCode, { params, body: {} });
  const locationId = options.locationId === undefined ? (await createLocation(agent, businessId)).id : options.locationId;
  return agent.ok(terminalEndpoints.pairReader, { params, body: { code: shown.code, name: options.name ?? unique('Reader'), location_id: locationId } });
}
