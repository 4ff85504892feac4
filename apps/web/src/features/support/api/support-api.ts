import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_SOCKET_PATHS, supportChatEndpoints as chat, type ChatStatus, type InboxQuery } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const inboxQuery = (businessId: string, query: InboxQuery) => queryOptions(endpointQuery(chat.inbox, { params: { business_id: businessId }, query }));
export const threadQuery = (businessId: string, id: string) => queryOptions(endpointQuery(chat.thread, { params: { business_id: businessId, id } }));
export const cannedQuery = (businessId: string) => queryOptions(endpointQuery(chat.cannedList, { params: { business_id: businessId } }));
export const staffSocketPath = (businessId: string) => fillPath(CHAT_SOCKET_PATHS.staff, { business_id: businessId });

/** What a change of a conversation refreshes: the inbox (every filter) and that conversation. */
export const refreshConversation = (client: ReturnType<typeof useQueryClient>, businessId: string, id?: string) =>
  invalidateEndpoints(client, [
    endpointScope(chat.inbox, { params: { business_id: businessId } }),
    ...(id ? [endpointScope(chat.thread, { params: { business_id: businessId, id } })] : []),
  ]);

export function useAnswer(businessId: string, id: string) {
  return useMutation({ mutationFn: (body: string) => call(chat.answer, { params: { business_id: businessId, id }, body: { body } }) });
}

export function useAssign(businessId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string | null) => call(chat.assign, { params: { business_id: businessId, id }, body: { user_id: userId } }),
    onSuccess: () => refreshConversation(client, businessId, id),
  });
}

export function useSetStatus(businessId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: ChatStatus) => call(chat.setStatus, { params: { business_id: businessId, id }, body: { status } }),
    onSuccess: () => refreshConversation(client, businessId, id),
  });
}
