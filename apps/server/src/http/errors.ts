import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RetryLaterError, type ApiErrorBody, type ErrorCode } from '@merchant/core';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';

function body(code: ErrorCode, message: string, requestId: string, issues?: ApiErrorBody['issues']): ApiErrorBody {
  return issues ? { code, message, issues, requestId } : { code, message, requestId };
}

/** One error body everywhere: `{ code, message, issues?, requestId }`; never a 500 for bad input. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.status).send(body(error.code, error.message, req.id, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path: where === 'body' ? path : [where, path].filter(Boolean).join('.'), message: v.message ?? 'Invalid value' };
      });
      // An id in the path that cannot be one names nothing: say so in words a person can act on (the issue keeps the detail).
      const message = where === 'params' ? 'Nothing is at this address: check the link.' : (issues[0]?.message ?? 'The given data was invalid.');
      return reply.status(422).send(body('VALIDATION_FAILED', message, req.id, issues));
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.', req.id));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The request is too large.', req.id));
    if (status === 415 || status === 400) {
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Send JSON with Content-Type: application/json.' : 'The request could not be read.';
      return reply.status(422).send(body('VALIDATION_FAILED', message, req.id, [{ path: '', message }]));
    }
    if (status < 500) return reply.status(status).send(body('VALIDATION_FAILED', error.message, req.id));
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.', req.id));
  });
}

/**
 * Fastify's `frameworkErrors`: what it meets before routing (a URL that does not decode, such as
 * `/v1/business/%FF`, or an over-long path parameter) answers the same body and headers as every other
 * error. No hook runs for these answers, so the security headers are set here.
 */
export function frameworkErrorHandler(headers: SecurityHeaderOptions) {
  return function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
    // Both answers below are JSON: typed first, so the headers are a JSON answer's.
    reply.type('application/json; charset=utf-8');
    applySecurityHeaders(req, reply, headers);
    if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      // A path that cannot be read names nothing: the same answer as any unknown path.
      void reply.status(404).send(body('NOT_FOUND', 'Not found.', req.id));
      return;
    }
    req.log.error({ err: error }, 'request failed before routing');
    void reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.', req.id));
  };
}
