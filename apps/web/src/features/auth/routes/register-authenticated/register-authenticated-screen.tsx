import { Anchor, Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreateBusiness } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';
import { BusinessFields, BusinessFormSchema, emptyBusiness } from '@/features/auth/components/business-fields';

export function Component() {
  const navigate = useNavigate();
  const create = useCreateBusiness();
  const form = useZodForm(BusinessFormSchema, emptyBusiness);
  const submit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (business) => void navigate(href('onboarding.questionnaire', { business_id: business.id }), { replace: true }),
      onError: form.handleServerError,
    }),
  );

  return (
    <AuthCard title="Create another business" description="You will be its owner. It goes through onboarding before it can take payments.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <BusinessFields name={form.field('name')} country={form.field('country')} currency={form.field('currency')} />
          <Button type="submit" loading={create.isPending} fullWidth>
            Create business
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={href('auth.choose-business')} size="sm" ta="center">
        Back to my businesses
      </Anchor>
    </AuthCard>
  );
}
