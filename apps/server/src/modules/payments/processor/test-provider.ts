import {
  checkoutMethodsIn,
  computeFee,
  methodLimits,
  passesLuhn,
  type CardBrand,
  type CardDetails,
  type PaymentMethod,
  type PaymentMethodDetails,
} from '@merchant/payments';
import { randomToken } from '@/lib/crypto';
import { payNowPayload } from './paynow-qr';
import {
  ProcessorUnavailableError,
  type CardResult,
  type Intent,
  type PaymentProvider,
  type ProcessorAnswer,
  type ProviderOutcome,
  type SavedCard,
} from './provider';

/**
 * Where the test provider keeps its calls by idempotency key (the processor's own memory): in the database in the
 * app (`test-provider.repository.ts`), so a restarted process still knows them; in memory in unit tests.
 */
export interface TestProcessorStore {
  /** The call recorded under the key: its answer, or null when the key was closed before any call came. */
  find(key: string): Promise<{ answer: ProcessorAnswer | null } | null>;
  /** Records the first call under the key (false: a record was there first). */
  insert(key: string, kind: string, answer: ProcessorAnswer | null): Promise<boolean>;
}

export function memoryStore(): TestProcessorStore {
  const calls = new Map<string, ProcessorAnswer | null>();
  return {
    find: async (key) => (calls.has(key) ? { answer: calls.get(key)! } : null),
    async insert(key, _kind, answer) {
      if (calls.has(key)) return false;
      calls.set(key, answer);
      return true;
    },
  };
}

export type ProcessorFault = 'unreachable' | 'timeout';

/**
 * Test faults of the provider (the API tests queue them; the app has none): the next call of a kind fails before
 * the processor acts (`unreachable`), or the processor acts and its answer is lost on the way (`timeout`).
 */
export interface ProcessorFaults {
  take(kind: ProcessorAnswer['kind']): ProcessorFault | null;
}

/** Faults a test queues, each taken by the next call of its kind. */
export function queuedFaults() {
  const queue: { kind: ProcessorAnswer['kind']; fault: ProcessorFault }[] = [];
  return {
    next(kind: ProcessorAnswer['kind'], fault: ProcessorFault): void {
      queue.push({ kind, fault });
    },
    take(kind: ProcessorAnswer['kind']): ProcessorFault | null {
      const i = queue.findIndex((q) => q.kind === kind);
      return i < 0 ? null : queue.splice(i, 1)[0]!.fault;
    },
  };
}

/**
 * Test bank accounts (`TEST_BANK_ACCOUNTS`, docs/payments.md "Direct debit"): this one's mandate is authorised
 * but its charges fail for insufficient funds. The test provider keeps no state, so the outcome rides in the
 * mandate's reference and token, as a test-mode token may.
 */
const INSUFFICIENT_FUNDS_ACCOUNT = '000099995';
const NSF = 'nsf_';
/** An active mandate's token (charged through `chargeSaved`, as a saved card's). */
const MANDATE_TOKEN = 'tdd_';

/** The UEN the test provider's PayNow QRs pay to. */
export const TEST_PAYNOW_UEN = 'T26TEST0001A';

/** Card numbers with an outcome of their own (docs/payments.md); any other Luhn-valid number succeeds. */
const CARD_OUTCOMES: Record<string, 'card_declined' | 'insufficient_funds' | 'challenge'> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
};

export function cardBrand(number: string): CardBrand {
  const prefix2 = Number(number.slice(0, 2));
  const prefix4 = Number(number.slice(0, 4));
  if (number.startsWith('4')) return 'visa';
  if (prefix2 === 34 || prefix2 === 37) return 'amex';
  if ((prefix2 >= 51 && prefix2 <= 55) || (prefix4 >= 2221 && prefix4 <= 2720)) return 'mastercard';
  if (number.startsWith('6011') || number.startsWith('65') || (prefix4 >= 6440 && prefix4 <= 6499)) return 'discover';
  if (prefix4 >= 3528 && prefix4 <= 3589) return 'jcb';
  if (prefix2 === 62) return 'unionpay';
  return 'unknown';
}

/**
 * A token remembers the test card's behaviour (`tok_ok_`, `tok_nsf_`, `tok_dcl_`), so later charges of a saved
 * card behave like the card: 4000 0000 0000 9995 saves fine and its charges fail with insufficient funds.
 * The provider keeps no state of its own.
 */
const TOKEN_BEHAVIOURS = { ok: null, nsf: 'insufficient_funds', dcl: 'card_declined' } as const;
type TokenBehaviour = keyof typeof TOKEN_BEHAVIOURS;

function behaviourOf(number: string): TokenBehaviour {
  const outcome = CARD_OUTCOMES[number];
  return outcome === 'insufficient_funds' ? 'nsf' : outcome === 'card_declined' ? 'dcl' : 'ok';
}

function cardResult(card: CardDetails): CardResult {
  return {
    token: `tok_${behaviourOf(card.number)}_${randomToken(18)}`,
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

/** The failure a saved card's token remembers, or null (charges succeed). */
export function tokenFailure(token: string): 'insufficient_funds' | 'card_declined' | null {
  const behaviour = /^tok_([a-z]+)_/.exec(token)?.[1];
  return behaviour && behaviour in TOKEN_BEHAVIOURS ? TOKEN_BEHAVIOURS[behaviour as TokenBehaviour] : null;
}

/** The card's last valid month is its expiry month: it expires when that month is over (UTC). */
function hasExpired(card: Pick<CardDetails, 'exp_month' | 'exp_year'>, now: Date): boolean {
  const year = now.getUTCFullYear();
  return card.exp_year < year || (card.exp_year === year && card.exp_month < now.getUTCMonth() + 1);
}

function confirmCard(card: CardDetails, now: Date): ProviderOutcome {
  if (!passesLuhn(card.number)) return { status: 'refused', failure: 'invalid_number', path: 'card.number' };
  const result = cardResult(card);
  if (hasExpired(card, now)) return { status: 'failed', failure: 'expired_card', card: result };
  if (card.cvc.length !== (result.brand === 'amex' ? 4 : 3)) return { status: 'failed', failure: 'incorrect_cvc', card: result };
  const outcome = CARD_OUTCOMES[card.number];
  if (outcome === 'card_declined' || outcome === 'insufficient_funds') return { status: 'failed', failure: outcome, card: result };
  if (outcome === 'challenge') return { status: 'requires_action', action: { kind: 'three_d_secure' }, card: result };
  return { status: 'succeeded', card: result };
}

function confirmWith(intent: Intent, details: PaymentMethodDetails, now: Date): ProviderOutcome {
  switch (details.method) {
    case 'card':
      return confirmCard(details.card, now);
    case 'paynow':
      return {
        status: 'requires_action',
        action: {
          kind: 'paynow_qr',
          payload: payNowPayload({
            uen: TEST_PAYNOW_UEN,
            amount: intent.amount,
            currency: intent.currency,
            merchantName: intent.merchantName,
            reference: intent.paymentPublicId,
          }),
        },
      };
    case 'ewallet':
      return { status: 'requires_action', action: { kind: 'ewallet_redirect' } };
  }
}

/** A saved card's or mandate's off-session charge: succeeded or failed, as its token remembers. */
function savedChargeOutcome(card: SavedCard, now: Date): Exclude<ProviderOutcome, { status: 'requires_action' | 'refused' }> {
  // A direct-debit mandate's token: no expiry; the insufficient-funds test account fails every charge.
  if (card.token.startsWith(MANDATE_TOKEN))
    return card.token.startsWith(`${MANDATE_TOKEN}${NSF}`) ? { status: 'failed', failure: 'insufficient_funds' } : { status: 'succeeded' };
  if (hasExpired({ exp_month: card.expMonth, exp_year: card.expYear }, now)) return { status: 'failed', failure: 'expired_card' };
  const failure = tokenFailure(card.token);
  return failure ? { status: 'failed', failure } : { status: 'succeeded' };
}

function actionOutcome(method: PaymentMethod, decision: 'approve' | 'fail'): Exclude<ProviderOutcome, { status: 'requires_action' | 'refused' }> {
  if (decision === 'approve') return { status: 'succeeded' };
  const failure = method === 'card' ? 'authentication_failed' : method === 'paynow' ? 'qr_expired' : 'wallet_cancelled';
  return { status: 'failed', failure };
}

/**
 * The built-in test-mode provider: behaves like an acquirer (docs/payments.md, "The processor") without
 * moving real money. What a payment waits for follows from its method; what it keeps is its calls by idempotency
 * key (`store`): a second call with a key answers the first call's outcome, and `lookup` finds it after a crash.
 */
export function createTestProvider(options: { store?: TestProcessorStore; faults?: ProcessorFaults } = {}): PaymentProvider {
  const store = options.store ?? memoryStore();

  /** Runs a call once per key: a known key answers what its first call answered; a closed key is refused. */
  async function once<A extends ProcessorAnswer>(key: string, kind: A['kind'], act: () => A): Promise<A> {
    const fault = options.faults?.take(kind) ?? null;
    if (fault === 'unreachable') throw new ProcessorUnavailableError('unreachable');
    // The answer is worked out first (nothing moves in test mode) and kept only by the first call with the key.
    const answer = act();
    if (await store.insert(key, kind, answer)) {
      if (fault === 'timeout') throw new ProcessorUnavailableError('timeout');
      return answer;
    }
    const known = await store.find(key);
    if (known?.answer?.kind !== kind) throw new Error(`The idempotency key ${key} is closed or belongs to another call.`);
    return known.answer as A;
  }

  return {
    name: 'test',
    methods: (currency) => checkoutMethodsIn(currency),
    limits: (method, currency) => methodLimits(method, currency),
    fee: (amount, method, currency) => computeFee(amount, method, currency),
    async createIntent(input) {
      return { ...input, ref: `ti_${randomToken(18)}` };
    },
    async confirm(intent, details, now, key) {
      return (await once(key, 'charge', () => ({ kind: 'charge' as const, outcome: confirmWith(intent, details, now) }))).outcome;
    },
    async saveCard(card, now) {
      if (!passesLuhn(card.number)) return { status: 'refused', failure: 'invalid_number', path: 'card.number' };
      const result = cardResult(card);
      if (hasExpired(card, now)) return { status: 'failed', failure: 'expired_card' };
      if (card.cvc.length !== (result.brand === 'amex' ? 4 : 3)) return { status: 'failed', failure: 'incorrect_cvc' };
      // A declined card is refused at once; an insufficient-funds card saves fine (its token remembers it).
      if (CARD_OUTCOMES[card.number] === 'card_declined') return { status: 'failed', failure: 'card_declined' };
      return { status: 'saved', card: result };
    },
    async chargeSaved(_intent, card, now, key) {
      const answer = await once(key, 'charge', () => ({ kind: 'charge' as const, outcome: savedChargeOutcome(card, now) }));
      return answer.outcome as ReturnType<typeof savedChargeOutcome>;
    },
    async completeAction(_intent, method: PaymentMethod, decision, key) {
      const answer = await once(key, 'action', () => ({ kind: 'action' as const, outcome: actionOutcome(method, decision) }));
      return answer.outcome as ReturnType<typeof actionOutcome>;
    },
    async refund(_intent, _amount, key) {
      return { ref: (await once(key, 'refund', () => ({ kind: 'refund' as const, ref: `tr_${randomToken(18)}` }))).ref };
    },
    async lookup(key) {
      const known = await store.find(key);
      if (known) return known.answer;
      // Nothing came under this key: it is closed now, so a call still on its way is refused and the answer stays true.
      if (await store.insert(key, 'closed', null)) return null;
      return (await store.find(key))?.answer ?? null;
    },
    async startMandate(account) {
      const outcome = account.accountNumber === INSUFFICIENT_FUNDS_ACCOUNT ? NSF : '';
      return { ref: `tmd_${outcome}${randomToken(18)}`, last4: account.accountNumber.slice(-4) };
    },
    async confirmMandate(ref, bankDecision) {
      if (bankDecision === 'declined') return { status: 'declined' };
      return { status: 'active', token: `${MANDATE_TOKEN}${ref.startsWith(`tmd_${NSF}`) ? NSF : ''}${randomToken(18)}` };
    },
  };
}
