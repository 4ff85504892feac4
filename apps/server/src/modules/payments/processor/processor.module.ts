import { defineModule, type Platform } from '@/modules/module';
import type { PaymentProvider } from './provider';
import { createTestProvider, type ProcessorFaults } from './test-provider';
import { databaseStore } from './test-provider.repository';

/** The payment providers the product can use, by name; today the built-in test-mode provider only. */
export function createProcessor(providers: readonly PaymentProvider[] = [createTestProvider()]) {
  const byName = new Map(providers.map((p) => [p.name, p]));
  return {
    /** Adds providers by their names (buildServices' `paymentProviders`: tests that pay through other names). */
    addProviders(more: readonly PaymentProvider[]): void {
      for (const provider of more) byName.set(provider.name, provider);
    },
    /** The provider of a payment (`payments.provider`); an unknown name is a bug, not an input. */
    provider(name = 'test'): PaymentProvider {
      const provider = byName.get(name);
      if (!provider) throw new Error(`Unknown payment provider ${name}`);
      return provider;
    },
    /** New payments run on the built-in test provider (test mode): nothing real moves, and every page and mail says so. */
    testMode(): boolean {
      return this.provider().name === 'test';
    },
  };
}
export type Processor = ReturnType<typeof createProcessor>;

export const processorModule = defineModule({
  name: 'processor',
  create: ({ db }: Pick<Platform, 'db'>) => {
    let faults: ProcessorFaults | null = null;
    const processor = createProcessor([createTestProvider({ store: databaseStore(db), faults: { take: (kind) => faults?.take(kind) ?? null } })]);
    return {
      ...processor,
      /** Test faults for this app's test provider (buildApp's `processorFaults`, the API tests only). */
      useFaults(next: ProcessorFaults): void {
        faults = next;
      },
    };
  },
});
