import type { FastifyRequest } from 'fastify';
import { AppError, hostKindOf, type Endpoint } from '@merchant/core';

/**
 * An endpoint answers only on its host kind (spec 9): on any other host it does not exist, so the
 * answer is the 404 of an unknown path, before the anti-forgery and session checks.
 */
export function createHostCheck(endpoint: Endpoint, deps: { config: { baseDomain: string } }) {
  return function hostCheck(req: FastifyRequest): void {
    if (hostKindOf(req.hostname, deps.config.baseDomain) !== endpoint.host) throw new AppError('NOT_FOUND', 'Not found.');
  };
}
