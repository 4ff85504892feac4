import { queryOptions, useMutation } from '@tanstack/react-query';
import { CHAT_SOCKET_PATHS, supportChatEndpoints, type ChatMessage, type StartChatBody } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { call, endpointUrl } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

/** Where the page keeps a business's conversation token (the conversation survives a reload). */
const tokenKey = (businessId: string) => `support-chat:${businessId}`;

export const storedToken = (businessId: string): string | null => {
  try {
    return window.localStorage.getItem(tokenKey(businessId));
  } catch {
    return null;
  }
};
export const storeToken = (businessId: string, token: string | null) => {
  try {
    if (token) window.localStorage.setItem(tokenKey(businessId), token);
    else window.localStorage.removeItem(tokenKey(businessId));
  } catch {
    // Private windows may refuse storage: the conversation then lasts as long as the page.
  }
};

export const publicChatQuery = (businessId: string, token: string) =>
  queryOptions({
    ...endpointQuery(supportChatEndpoints.read, { params: { business_id: businessId, token } }),
    retry: false,
    meta: { silent: true },
  });

export const customerSocketPath = (businessId: string, token: string) => fillPath(CHAT_SOCKET_PATHS.customer, { business_id: businessId, token });

export function useStartChat(businessId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: StartChatBody) => call(supportChatEndpoints.start, { params: { business_id: businessId }, body }),
  });
}

export function usePostMessage(businessId: string, token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: string) => call(supportChatEndpoints.post, { params: { business_id: businessId, token }, body: { body } }),
  });
}

/** A message's file as the customer reads it (the conversation's token). */
export const customerAttachmentUrl = (businessId: string, token: string, m: ChatMessage) =>
  endpointUrl(supportChatEndpoints.readAttachment, { business_id: businessId, token, message_id: m.id });

/** The customer sends a file, with the text written so far (multipart: `file` and `body`). */
export function usePostFile(businessId: string, token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ file, body }: { file: File; body: string }) => {
      const formData = new FormData();
      formData.append('body', body);
      formData.append('file', file);
      return call(supportChatEndpoints.postAttachment, { params: { business_id: businessId, token }, formData });
    },
  });
}
