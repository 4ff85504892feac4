/**
 * The web paths both sides need: the web route table places its screens at these paths and fills them with
 * `fillPath` (its `href`), and the server builds the links of its mails with `screenLink`. A path the server
 * links to is written here only.
 */

/** Every business screen lives under this path. */
export const BUSINESS_PATH = '/business/:business_id';

/** The path of a business section (`/business/:business_id/payments`); its screens sit below it. */
export function sectionPath(section: string): string {
  return `${BUSINESS_PATH}/${section}`;
}

/** The screens mails link to, by what they are for. */
export const SCREEN_PATHS = {
  passwordReset: '/password/reset/:reset_token',
  registerComplete: '/register-complete/:hash',
  pendingInvitations: '/pending-invitations',
  onboardingQuestionnaire: `${BUSINESS_PATH}/onboarding/questionnaire`,
  paymentsOverview: sectionPath('payments'),
  /** A payment's screen (the bell's "payment received"), a transfer's (one awaiting approval), the verification's page. */
  transactionDetail: `${sectionPath('payments')}/transactions/:b_charge`,
  transferDetail: `${sectionPath('payments')}/transfer-history/:transfer`,
  accountVerification: `${sectionPath('payments')}/settings/account-verification`,
  /** A payment link's and a static QR code's screens, by their ids (the card-testing mail names the one it paused). */
  paymentLinkDetail: `${sectionPath('payments')}/links/:payment_request_id`,
  staticQrDetail: `${sectionPath('payments')}/static-qr-code/:static_qr_code_id`,
  /** A webhook endpoint's screen with its delivery log (the mail of an endpoint disabled after three days of failures). */
  webhookEndpoint: `${sectionPath('payments')}/developers/webhooks/:webhook_id`,
  /** On the invoice host (its origin, not the dashboard's): the customer's invoice. */
  publicInvoice: '/:business_id/:invoice',
  /** On the invoice host: the customer's portal, opened by a signed link (three segments: never an invoice's path). */
  customerPortal: '/:business_id/portal/:token',
  /** The business's public support chat; a mailed "continue" link carries the conversation's token (`?t=`). */
  supportChat: '/public/:business_id/support-chat',
} as const;

/**
 * Fills the `:params` of a route path (URI-encoded); an optional segment (`:name?`) without a value is
 * dropped, a missing required one throws.
 */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  const filled = path.replace(/\/:([A-Za-z_][A-Za-z0-9_]*)(\??)/g, (_, name: string, optional: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`Missing path parameter ${name} for ${path}`);
    }
    return `/${encodeURIComponent(value)}`;
  });
  return filled === '' ? '/' : filled;
}

/** The absolute URL of a screen under the dashboard's public origin, with an optional query string. */
export function screenLink(publicUrl: string, path: string, params: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${publicUrl.replace(/\/$/, '')}${fillPath(path, params)}${search ? `?${search}` : ''}`;
}
