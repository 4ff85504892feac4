import type { StaffService } from '@/modules/business/staff/staff.service';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import { defineModule, type Platform } from '@/modules/module';
import { bankAccountsRoutes } from './bank-accounts.routes';
import { createBankAccountsService } from './bank-accounts.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & { auth: AuthService; staff: StaffService };

/** Payout bank accounts: changes confirmed by password or two-factor code, audited and mailed to the owners. */
export const bankAccountsModule = defineModule({
  name: 'bankAccounts',
  create: ({ db, clock, audit, mailer, auth, staff }: Deps) => createBankAccountsService({ db, clock, audit, mailer, auth, staff }),
  routes: bankAccountsRoutes,
});
