import { locationEndpoints, type CreateLocationBody, type Location } from '@merchant/catalogue';
import type { Agent } from '../harness';
import { unique } from './unique';

/** A location through the catalogue's endpoint, uniquely named unless the body names it. */
export async function createLocation(agent: Agent, businessId: string, body: Partial<CreateLocationBody> = {}): Promise<Location> {
  return agent.ok(locationEndpoints.create, { params: { business_id: businessId }, body: { name: unique('Location'), ...body } });
}
