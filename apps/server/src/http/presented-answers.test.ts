import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { presentedAnswerSerializer } from './presented-answers';

const Answer = z.object({ id: z.string(), amount: z.number().int() });

/** A route whose handler answers `answer`, with the presented serializer in test (strict) or production mode. */
async function serve(answer: unknown, strict: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/answer',
    {
      schema: { response: { 200: Answer, 404: z.object({ code: z.string() }) } },
      serializerCompiler: presentedAnswerSerializer('test.answer', 200, strict),
    },
    async (req, reply) => (req.query && (req.query as { missing?: string }).missing ? reply.status(404).send({ code: 'NOT_FOUND', extra: 1 }) : answer),
  );
  const res = await app.inject({ method: 'GET', url: '/answer' });
  const missing = await app.inject({ method: 'GET', url: '/answer?missing=1' });
  await app.close();
  return { status: res.statusCode, body: res.body, missing: missing.body };
}

describe('presented answers (http/presented-answers.ts)', () => {
  it('answers an answer that matches its contract the same in tests and in production', async () => {
    const answer = { id: 'pay_1', amount: 1234 };
    expect(await serve(answer, true)).toMatchObject({ status: 200, body: '{"id":"pay_1","amount":1234}' });
    expect(await serve(answer, false)).toMatchObject({ status: 200, body: '{"id":"pay_1","amount":1234}' });
    // The keys' order is the presenter's; the same JSON value either way.
    expect(JSON.parse((await serve({ amount: 5, id: 'x' }, true)).body)).toEqual({ id: 'x', amount: 5 });
  });

  it('refuses in tests an answer that parsing would change: an extra key or a wrong type', async () => {
    expect((await serve({ id: 'pay_1', amount: 1234, secret: 'internal' }, true)).status).toBe(500);
    expect((await serve({ id: 'pay_1', amount: 12.5 }, true)).status).toBe(500);
  });

  it('serialises the success answer as it is in production, and still checks error answers there', async () => {
    expect((await serve({ id: 'pay_1', amount: 1234, note: 'as built' }, false)).body).toBe('{"id":"pay_1","amount":1234,"note":"as built"}');
    // Other statuses keep the contract's parse: the key the contract does not name is dropped.
    expect((await serve({ id: 'pay_1', amount: 1 }, false)).missing).toBe('{"code":"NOT_FOUND"}');
  });
});
