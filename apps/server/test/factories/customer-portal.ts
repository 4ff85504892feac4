import { customerPortalEndpoints } from '@merchant/payments';
import { mailbox, type Agent, type TestContext } from '../harness';

/**
 * Emails a customer their portal link through the dashboard's "Email portal link" and answers the link's
 * token, read from the mail (as the customer follows it).
 */
export async function portalTokenOf(t: TestContext, agent: Agent, businessId: string, customerId: string): Promise<string> {
  const sent = await agent.ok(customerPortalEndpoints.emailLink, { params: { business_id: businessId, customer_id: customerId } });
  const mail = (await mailbox(t.app)).find((m) => m.to === sent.sent_to);
  const match = mail?.text.match(new RegExp(`/${businessId}/portal/([A-Za-z0-9._-]+)`));
  if (!match?.[1]) throw new Error(`no portal link mailed to ${sent.sent_to}`);
  return match[1];
}
