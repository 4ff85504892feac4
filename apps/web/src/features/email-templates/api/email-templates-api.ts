import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { emailTemplateEndpoints, type EmailTemplateKey, type SaveEmailTemplateBody } from '@merchant/business';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope } from '@/lib/queries';

export const emailTemplatesQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(emailTemplateEndpoints.list, { params: { business_id: businessId } }),
    select: (answer) => answer.data,
  });

function useInvalidate(businessId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: endpointScope(emailTemplateEndpoints.list, { params: { business_id: businessId } }) });
}

export function useSaveEmailTemplate(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ template, body }: { template: EmailTemplateKey; body: SaveEmailTemplateBody }) =>
      call(emailTemplateEndpoints.save, { params: { business_id: businessId, template }, body }),
    onSuccess: invalidate,
  });
}

export function useResetEmailTemplate(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    mutationFn: (template: EmailTemplateKey) => call(emailTemplateEndpoints.reset, { params: { business_id: businessId, template } }),
    onSuccess: invalidate,
  });
}

export function useSendTestEmail(businessId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ template, body }: { template: EmailTemplateKey; body: SaveEmailTemplateBody }) =>
      call(emailTemplateEndpoints.sendTest, { params: { business_id: businessId, template }, body }),
  });
}
