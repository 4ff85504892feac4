import { LoadingScreen } from '@/components/loading-screen';
import { PRODUCT_NAME } from './use-document-title';

/**
 * Router fallback while the app starts (guards and first screen): the product's name where the guest screens
 * show it, and "Loading" below. index.html draws the same frame with the same classes (its inline styles)
 * before any script runs, so the first paint waits for no JavaScript and nothing moves when the app takes over.
 */
export function StartUpFrame() {
  return (
    <div className="boot-frame">
      <p className="boot-name">{PRODUCT_NAME}</p>
      <LoadingScreen />
    </div>
  );
}
