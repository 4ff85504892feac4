import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_SOCKET_PATHS, supportChatEndpoints as chat, type CannedReplyBody, type ChatMessage, type ChatStatus, type InboxQuery } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { call, endpointUrl } from '@/lib/api-client';
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

/** An answer; its refusal shows on the answer box's field (`ChatComposer`), not as a snackbar too. */
export function useAnswer(businessId: string, id: string) {
  return useMutation({ meta: { silent: true }, mutationFn: (body: string) => call(chat.answer, { params: { business_id: businessId, id }, body: { body } }) });
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

/** A message's file as the staff read it (the session's cookie; `chat:view`). */
export const staffAttachmentUrl = (businessId: string, m: ChatMessage) =>
  endpointUrl(chat.staffAttachment, { business_id: businessId, id: m.conversation_id, message_id: m.id });

/** An answer with a file (multipart: `file` and the optional text in `body`); its refusal shows on the file's field. */
export function useAnswerFile(businessId: string, id: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ file, body }: { file: File; body: string }) => {
      const formData = new FormData();
      formData.append('body', body);
      formData.append('file', file);
      return call(chat.answerAttachment, { params: { business_id: businessId, id }, formData });
    },
  });
}

const refreshCanned = (client: ReturnType<typeof useQueryClient>, businessId: string) =>
  invalidateEndpoints(client, [endpointScope(chat.cannedList, { params: { business_id: businessId } })]);

export function useSaveCanned(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CannedReplyBody }) =>
      id ? call(chat.cannedUpdate, { params: { business_id: businessId, id }, body }) : call(chat.cannedCreate, { params: { business_id: businessId }, body }),
    onSuccess: () => refreshCanned(client, businessId),
  });
}

export function useDeleteCanned(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(chat.cannedDelete, { params: { business_id: businessId, id } }),
    onSuccess: () => refreshCanned(client, businessId),
  });
}
