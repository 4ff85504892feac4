import { useParams } from 'react-router';
import { formatBusinessDateTime } from '../lib/format';
import { useBusinessTimeZone } from '../lib/session';

/**
 * A server timestamp on a business's screen, in the business's time zone (docs/payments.md, "Time zone"), whatever
 * the viewer's own: the business is the one of the screen's route. The screen says which zone (`TimeZoneNote`).
 */
export function BusinessTime({ at }: { at: string }) {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  return <time dateTime={at}>{formatBusinessDateTime(at, zone)}</time>;
}
