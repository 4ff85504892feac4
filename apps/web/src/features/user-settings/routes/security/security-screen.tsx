import { ChangePasswordSection } from '@/features/user-settings/components/change-password-section';
import { PosPinSection } from '@/features/user-settings/components/pos-pin-section';
import { SessionsSection } from '@/features/user-settings/components/sessions-section';
import { SettingsPage } from '@/features/user-settings/components/settings-section';
import { TwoFactorSection } from '@/features/user-settings/components/two-factor-section';

export function Component() {
  return (
    <SettingsPage title="Security">
      <ChangePasswordSection />
      <TwoFactorSection />
      <PosPinSection />
      <SessionsSection />
    </SettingsPage>
  );
}
