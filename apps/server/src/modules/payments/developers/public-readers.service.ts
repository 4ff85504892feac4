import { AppError } from '@merchant/core';
import { READER_MODEL_LABELS, type PublicReader, type PublicReaderListQuery, type Reader } from '@merchant/pos';
import type { RequestMeta } from '@/http/context';
import type { TerminalsService } from '@/modules/pos/terminals/terminals.module';
import { PublicApiRefusal, type PublicApiCaller } from './public-api.service';
import { laravelPage, pageUrl } from './public-pages';
import { hitpayTime } from './webhook-events.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** HitPay's answer to a reader that is not the business's (its document's own sentence). */
const NOT_CONNECTED =
  'This terminal is not connected to your business. Please go to Settings > Check Reader Connection > Select a terminal, or contact support@hit-pay.com if you face any issues.';

/** A paired reader as HitPay's card reader: `device_type` is the model, `data` the reader's id and serial number. */
export function presentReader(reader: Reader & { updated_at: string }): PublicReader {
  return {
    id: reader.id,
    name: reader.name,
    device_type: reader.model,
    // No picture of a reader is kept: the image is empty (HitPay's document requires the field).
    details: { title: READER_MODEL_LABELS[reader.model], image: '' },
    data: { id: reader.id, serial_number: reader.serial_number },
    created_at: hitpayTime(new Date(reader.paired_at))!,
    updated_at: hitpayTime(new Date(reader.updated_at))!,
  };
}

/**
 * HitPay's card readers (docs/developers.md, "Public API: orders and card readers"): the business's paired readers
 * (`pos:use`, as the register sees them) and the cancel of the payment a reader waits on, as the register's cancel does
 * it (audited as the key's maker).
 */
export function createPublicReadersApi(deps: { terminals: Pick<TerminalsService, 'readers' | 'payments'> }) {
  const { readers, payments } = deps.terminals;

  return {
    async listReaders(caller: PublicApiCaller, query: PublicReaderListQuery, url: string) {
      const all = await readers.listWithChanges(caller.business.row.id);
      const start = (query.page - 1) * query.limit;
      return laravelPage(all.slice(start, start + query.limit).map(presentReader), {
        page: query.page,
        perPage: query.limit,
        total: all.length,
        path: url,
        url: pageUrl(url, { limit: String(query.limit) }),
        pager: 'first-ten',
        typed: true,
      });
    },

    /**
     * Cancels the payment the reader waits on (its PIN step): HitPay's 204. A reader that is not the business's paired
     * reader is HitPay's 400 with its sentence; one that waits on no payment is a 400 too (the register's cancel refuses it).
     */
    async cancelReader(caller: PublicApiCaller, meta: RequestMeta, readerId: string): Promise<void> {
      const actor = { business: caller.business, user: { id: caller.makerUserId }, ip: meta.ip, userAgent: meta.userAgent };
      if (!UUID.test(readerId)) throw new PublicApiRefusal(400, NOT_CONNECTED);
      try {
        const cancelled = await payments.cancelWaiting(actor, readerId);
        if (!cancelled) throw new PublicApiRefusal(400, 'This reader is not waiting on a payment: there is nothing to cancel.');
      } catch (error) {
        if (error instanceof AppError && error.code === 'TERMINAL_READER_NOT_FOUND') throw new PublicApiRefusal(400, NOT_CONNECTED);
        throw error;
      }
    },
  };
}
