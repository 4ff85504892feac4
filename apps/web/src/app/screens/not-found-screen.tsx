import { NotFound } from '@/components/status-page';
import { href } from '../route-table';

export function Component() {
  return <NotFound homeHref={href('auth.root')} />;
}
