import type { QueryClient } from '@tanstack/react-query';
import { setCsrfToken } from './api-client';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const bytesOf = (base64url: string): Uint8Array => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The page's anti-forgery token: sent XORed with a random pad (the server's `maskToken`), XORed back here. */
export function unmaskToken(pad: string, masked: string): string | null {
  try {
    const p = bytesOf(pad);
    const m = bytesOf(masked);
    if (p.length !== m.length || p.length === 0) return null;
    return new TextDecoder().decode(m.map((b, i) => b ^ (p[i] as number)));
  } catch {
    return null;
  }
}

/**
 * Takes what a signed-in person's page carries (the server's `pageBootstrap`: the anti-forgery token and the
 * API answers its first screen asks for: the user, the business, the landing screen's own) into the client
 * before the router starts, so that screen asks none of them again. Each answer is cached under the key the
 * client gives that endpoint's query (`endpointKey`: the endpoint's id and its input), taken as the contract
 * types it, as `callRoute` does: the server serialised it through the endpoint's response schema. Like any
 * answer it is read again once stale. The data block is removed once read; a page without one changes nothing.
 */
export function applyPageBootstrap(queryClient: QueryClient, doc: Document): void {
  const block = doc.getElementById('bootstrap');
  if (!block) return;
  block.remove();
  let data: unknown;
  try {
    data = JSON.parse(block.textContent ?? '');
  } catch {
    return;
  }
  if (!isRecord(data)) return;
  const token = typeof data.csrf_pad === 'string' && typeof data.csrf_masked === 'string' ? unmaskToken(data.csrf_pad, data.csrf_masked) : null;
  if (token) setCsrfToken('app', token);
  if (!Array.isArray(data.answers)) return;
  for (const answer of data.answers) {
    if (isRecord(answer) && typeof answer.id === 'string' && isRecord(answer.input) && answer.data !== undefined) {
      queryClient.setQueryData([answer.id, answer.input], answer.data);
    }
  }
}
