import { ImportFlow } from '@/features/invoice-imports/components/import-flow';

/** Bulk create: the merchant fills our template, one invoice per row. */
export function Component() {
  return <ImportFlow purpose="template" />;
}
