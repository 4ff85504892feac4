import { drawerEndpoints, posOrderEndpoints, posPinEndpoints, type CreateSaleBody, type DrawerSession, type Order } from '@merchant/catalogue';
import type { Agent } from '../harness';
import { unique } from './unique';

/** The person's drawer opened at a location through the register's endpoint (a float of 100.00 unless told). */
export async function openDrawer(agent: Agent, businessId: string, locationId: string, openingFloat = 100_00): Promise<DrawerSession> {
  return agent.ok(drawerEndpoints.open, { params: { business_id: businessId }, body: { location_id: locationId, opening_float: openingFloat } });
}

/** A sale body with a new idempotency key: a quick sale of 10.00 paid in cash unless the body says otherwise. */
export function saleBody(locationId: string, body: Partial<CreateSaleBody> = {}): CreateSaleBody {
  return {
    idempotency_key: unique('sale'),
    location_id: locationId,
    ...(body.lines ? {} : { quick_sale: { amount: 10_00, description: 'Quick sale' } }),
    tenders: [{ kind: 'cash', amount: 10_00 }],
    ...body,
  };
}

/** A register sale through the endpoint. */
export async function sell(agent: Agent, businessId: string, locationId: string, body: Partial<CreateSaleBody> = {}): Promise<Order> {
  return agent.ok(posOrderEndpoints.createSale, { params: { business_id: businessId }, body: saleBody(locationId, body) });
}

/** Sets the signed-in person's POS PIN. */
export async function setPosPin(agent: Agent, pin: string): Promise<void> {
  await agent.ok(posPinEndpoints.save, { body: { pin } });
}
