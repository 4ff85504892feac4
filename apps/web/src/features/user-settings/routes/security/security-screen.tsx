import { ChangePasswordSection } from '../../components/change-password-section';
import { SessionsSection } from '../../components/sessions-section';
import { SettingsPage } from '../../components/settings-section';
import { TwoFactorSection } from '../../components/two-factor-section';

export function Component() {
  return (
    <SettingsPage title="Security">
      <ChangePasswordSection />
      <TwoFactorSection />
      <SessionsSection />
    </SettingsPage>
  );
}
