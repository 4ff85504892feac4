import { useEffect } from 'react';

export const PRODUCT_NAME = 'Merchant Dashboard';

export const documentTitle = (title: string) => `${title} · ${PRODUCT_NAME}`;

/** Sets `document.title` to "<title> · Merchant Dashboard" while the calling screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
