import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Every answer is parsed with its response schema before it is serialised (app.ts: fastify-type-provider-zod's
 * serializer). That check does two things: it refuses an answer of the wrong shape, and it drops every key the
 * contract does not name, so the contract is the boundary of what leaves the server. On the hottest pages it is
 * also a tenth of the request's CPU (docs/benchmarks.md, "CPU per request: prepared statements").
 *
 * An endpoint registered with `{ presented: true }` declares that its success answer is built by presenters that
 * write every contract key themselves, in object literals typed as the contract's output (so TypeScript refuses
 * an extra key or a wrong type), with no value the schema would transform or default. For those answers parsing
 * changes nothing, so:
 * - in production (`undeclaredErrors: 'log'`) the success answer is serialised as it is;
 * - in tests (`undeclaredErrors: 'refuse'`, every API test on both databases) it is parsed as before, and also
 *   serialised as it is: an answer whose two serialisations are not the same JSON value (an extra key, a value the
 *   schema changes) is a 500 that fails the test, as an answer that breaks its contract is. Only the keys' order
 *   may differ: production answers keep the presenter's order.
 * Error answers and every other endpoint keep the check everywhere.
 */
export function presentedAnswerSerializer(endpointId: string, successStatus: number, strict: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);
    if (String(route.httpStatus) !== String(successStatus)) return checked;
    if (!strict) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const parsed = checked(data);
      const plain = JSON.stringify(data);
      // The same JSON value (parsing may put the keys in the schema's order: JSON objects have none).
      if (parsed !== plain && !isDeepStrictEqual(JSON.parse(parsed), JSON.parse(plain))) {
        throw new Error(
          `${endpointId} is registered as presented, but its answer changes when parsed with its contract (an extra key, or a value the schema changes).`,
        );
      }
      return parsed;
    };
  };
}
