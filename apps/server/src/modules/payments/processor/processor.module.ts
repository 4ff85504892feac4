import { defineModule } from '@/modules/module';
import type { PaymentProvider } from './provider';
import { createTestProvider } from './test-provider';

/** The payment providers the product can use, by name; today the built-in test-mode provider only. */
export function createProcessor(providers: readonly PaymentProvider[] = [createTestProvider()]) {
  const byName = new Map(providers.map((p) => [p.name, p]));
  return {
    /** The provider of a payment (`payments.provider`); an unknown name is a bug, not an input. */
    provider(name = 'test'): PaymentProvider {
      const provider = byName.get(name);
      if (!provider) throw new Error(`Unknown payment provider ${name}`);
      return provider;
    },
  };
}
export type Processor = ReturnType<typeof createProcessor>;

export const processorModule = defineModule({
  name: 'processor',
  create: () => createProcessor(),
});
