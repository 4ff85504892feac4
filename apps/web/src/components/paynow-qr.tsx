import { Image, Skeleton } from '@mantine/core';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The PayNow QR of a payload (EMVCo), drawn in the browser as SVG (the checkout's and the register's). */
export function PayNowQr({ payload, alt = 'PayNow QR code to scan with your bank app' }: { payload: string; alt?: string }) {
  const [svg, setSvg] = useState<{ payload: string; svg: string } | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((drawn) => {
      if (live) setSvg({ payload, svg: drawn });
    });
    return () => {
      live = false;
    };
  }, [payload]);
  if (!svg || svg.payload !== payload) return <Skeleton w={220} h={220} mx="auto" aria-hidden />;
  return <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.svg)}`} alt={alt} w={220} h={220} mx="auto" />;
}
