import { STORE_POLICY_TITLES, type StorePolicy } from '@merchant/catalogue';
import { html } from './html';
import { layout, policyPath, type StorePage } from './storefront.layout';

/** A policy the store wrote (store settings): its text as written, line breaks kept, nothing of it read as markup. */
export function policyPage(store: StorePage, policy: StorePolicy, text: string): string {
  const title = STORE_POLICY_TITLES[policy];
  return layout(
    store,
    { title, description: `${title} of ${store.name}`, path: policyPath(policy) },
    html`<h1>${title}</h1>
      <div class="policy">${text}</div>`,
  );
}
