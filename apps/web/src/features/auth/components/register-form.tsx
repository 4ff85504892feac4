import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RegisterBodySchema } from '@merchant/identity';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { useRegister, type RegisterKind } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { BusinessFields, BusinessFormSchema, emptyBusiness } from './business-fields';

const RegisterFormSchema = RegisterBodySchema.extend({ business: BusinessFormSchema });

const copy: Record<RegisterKind, { title: string; description: string; businessLabel: string; submit: string }> = {
  merchant: {
    title: 'Create your account',
    description: 'Set up your account and your business to start taking payments.',
    businessLabel: 'Business name',
    submit: 'Create account',
  },
  partner: {
    title: 'Become a partner',
    description: 'Create your account and your partner business to refer merchants and earn commissions.',
    businessLabel: 'Partner business name',
    submit: 'Create partner account',
  },
};

/** Sign-up for a merchant (POST /register) or a partner (POST /register-partner): same fields, other landing. */
export function RegisterForm({ kind }: { kind: RegisterKind }) {
  const navigate = useNavigate();
  const register = useRegister(kind);
  // A referral link, a partner's or a merchant's (`/register?ref=CODE`), fills the code in; the person may correct or clear it.
  const [search] = useSearchParams();
  const form = useZodForm(RegisterFormSchema, {
    name: '',
    email: '',
    password: '',
    business: emptyBusiness,
    referral_code: search.get('ref')?.slice(0, 40) ?? '',
  });
  const text = copy[kind];

  const submit = form.onSubmit((body) =>
    register.mutate(kind === 'merchant' && body.referral_code ? body : { ...body, referral_code: undefined }, {
      onSuccess: ({ business_id }) =>
        void navigate(kind === 'partner' ? href('partner.overview', { business_id }) : href('auth.register-completed'), { replace: true }),
      onError: form.handleServerError,
    }),
  );

  return (
    <AuthCard title={text.title} description={text.description} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('name')} label="Your name" autoComplete="name" required />
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="email" required />
          <PasswordInput
            {...form.field('password')}
            label="Password"
            description="At least 8 characters. A longer passphrase is stronger."
            autoComplete="new-password"
            required
          />
          <BusinessFields
            name={form.field('business.name')}
            country={form.field('business.country')}
            currency={form.field('business.currency')}
            nameLabel={text.businessLabel}
          />
          {kind === 'merchant' ? (
            <TextInput
              {...form.field('referral_code')}
              label="Referral code"
              description="Optional: the code of the partner or business who referred you. A partner sees your verification state and payment totals; a business sees your initials and whether you are verified and taking payments. Neither sees your customers or payments."
              autoComplete="off"
            />
          ) : null}
          <Button type="submit" loading={register.isPending} fullWidth>
            {text.submit}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={href('auth.login')}>
              Sign in
            </Anchor>
          </Text>
          <Text size="sm" ta="center">
            {kind === 'partner' ? 'Want to take payments instead? ' : 'Want to refer merchants? '}
            <Anchor component={Link} to={href(kind === 'partner' ? 'auth.register' : 'auth.register-partner')}>
              {kind === 'partner' ? 'Create a merchant account' : 'Become a partner'}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
