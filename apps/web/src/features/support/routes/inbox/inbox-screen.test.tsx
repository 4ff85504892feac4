import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { businessEndpoints, supportChatEndpoints as chat, type ChatConversation, type ChatThread } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { ApiError } from '@/lib/api-client';
import { OWNER_BUSINESS_ID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/notify', async (original) => ({ ...(await original<typeof import('@/lib/notify')>()), notifyError }));

const BID = OWNER_BUSINESS_ID;
const CID = '0193a9a0-0000-7000-8000-000000000051';
const LIMITED = 'Too many answers. Wait a minute and try again.';

const conversation: ChatConversation = {
  id: CID,
  customer_name: 'Cara Customer',
  customer_email: 'cara@example.com',
  status: 'open',
  assignee: null,
  unread_by_staff: 0,
  unread_by_customer: 0,
  staff_read_seq: 1,
  customer_read_seq: 0,
  last_message: { side: 'customer', body: 'Is my order on its way?', created_at: '2026-11-30T09:00:00.000Z' },
  created_at: '2026-11-30T09:00:00.000Z',
};
const thread: ChatThread = {
  conversation,
  messages: [
    {
      id: '0193a9a0-0000-7000-8000-000000000052',
      seq: 1,
      conversation_id: CID,
      side: 'customer',
      author_name: null,
      body: 'Is my order on its way?',
      attachment: null,
      created_at: '2026-11-30T09:00:00.000Z',
    },
  ],
};

/** A socket that never opens: the inbox works without one (its status reads "Connecting…"). */
class QuietSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = QuietSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {
    this.readyState = QuietSocket.CLOSED;
  }
}

/** The snackbars asked for a rate limit's refusal. */
const limitSnackbars = () => notifyError.mock.calls.filter(([error]) => error instanceof ApiError && error.status === 429);

describe('the support inbox answer box', () => {
  it('shows a rate limit refusal once, on the field, with the time left when the answer gives it', async () => {
    vi.stubGlobal('WebSocket', QuietSocket);
    notifyError.mockClear();
    let retryAfter: string | null = '42';
    const api = stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(chat.inbox, () => ({ conversations: [conversation], unread_total: 0 }))
      .on(chat.thread, () => thread)
      .on(chat.cannedList, () => [])
      .on(chat.answer, () => {
        const refused = apiError(429, 'RATE_LIMITED', LIMITED);
        if (retryAfter) refused.headers.set('Retry-After', retryAfter);
        return refused;
      });
    renderApp(`/business/${BID}/payments/support?c=${CID}`);

    const answer = await screen.findByRole('textbox', { name: 'Answer' }, { timeout: 15_000 });
    fireEvent.change(answer, { target: { value: 'On its way today' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    const shown = `${LIMITED} You can send again in 42 seconds.`;
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(api.requests(chat.answer)[0]?.body).toEqual({ body: 'On its way today' });
    expect(screen.getAllByText(new RegExp(LIMITED.replace(/\./g, '\\.')))).toHaveLength(1);
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    // The text stays for the next try.
    expect((answer as HTMLTextAreaElement).value).toBe('On its way today');

    // An answer without Retry-After: the message alone.
    retryAfter = null;
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.requests(chat.answer)).toHaveLength(2));
    expect(await screen.findByText(LIMITED)).toBeTruthy();
    expect(screen.queryByText(shown)).toBeNull();
    expect(limitSnackbars()).toEqual([]);
  });
});
