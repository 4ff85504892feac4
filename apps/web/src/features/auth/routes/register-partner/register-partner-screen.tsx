import { RegisterForm } from '../../components/register-form';

export function Component() {
  return <RegisterForm kind="partner" />;
}
