/** The mail that carries a portal link. */
export function portalLinkMail(business: string, url: string, expiresAt: Date): { subject: string; text: string } {
  return {
    subject: `Your payments with ${business}`,
    text:
      `Hello,\n\nSee your receipts and manage your subscriptions with ${business} here:\n\n${url}\n\n` +
      `The link works until ${expiresAt.toUTCString()}. Do not forward it: anyone with it can see your payments with ${business}.\n\n` +
      `If you did not expect this mail, ignore it.`,
  };
}
