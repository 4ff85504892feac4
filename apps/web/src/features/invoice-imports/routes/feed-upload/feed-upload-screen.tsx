import { ImportFlow } from '@/features/invoice-imports/components/import-flow';

/** Feed file: an export of another system, its columns matched to ours by header name. */
export function Component() {
  return <ImportFlow purpose="feed" />;
}
