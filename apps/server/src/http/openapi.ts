import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, errorAnswersOf, FILE_ANSWER_MEDIA_TYPES, type Endpoint } from '@merchant/core';

/** The one error body, a shared component every error answer of the document refers to. */
const ERROR_COMPONENT = 'Error';
if (!z.globalRegistry.has(ApiErrorBodySchema)) z.globalRegistry.add(ApiErrorBodySchema, { id: ERROR_COMPONENT });

/** Route-schema key carrying the codes of each error status to the document (removed from the operation). */
const ERROR_CODES_KEY = 'x-error-codes';

/**
 * The error answers of an endpoint for its route schema: each status answers the one error body (which
 * the serializer checks), and the codes each status can carry ride along for the document.
 */
export function errorResponseSchemas(endpoint: Endpoint): { response: Record<number, z.core.$ZodType>; [ERROR_CODES_KEY]: Record<number, string[]> } {
  const answers = [...errorAnswersOf(endpoint)];
  return {
    response: Object.fromEntries(answers.map(([status]) => [status, ApiErrorBodySchema])),
    [ERROR_CODES_KEY]: Object.fromEntries(answers),
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A file answer (`fileAnswer`, `csvAnswer` of the contract) as OpenAPI has it: its content under each of its media
 * types, text as a string and the others as binary, instead of an `application/json` answer.
 */
function fileContent(answer: unknown): { description: string; content: Record<string, { schema: Record<string, string> }> } | null {
  const { [FILE_ANSWER_MEDIA_TYPES]: mediaTypes, description } = (answer ?? {}) as Record<string, unknown>;
  if (!Array.isArray(mediaTypes)) return null;
  const schemaOf = (type: string): Record<string, string> => (type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' });
  return {
    description: typeof description === 'string' ? description : 'The file',
    content: Object.fromEntries((mediaTypes as string[]).map((type) => [type, { schema: schemaOf(type) }])),
  };
}

/**
 * zod -> JSON Schema per route; each error answer refers to the Error component and lists its codes; a file answer
 * is declared with its own media types.
 */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { [ERROR_CODES_KEY]: codes, ...schema } = (input.schema ?? {}) as Record<string, unknown>;
  const result = jsonSchemaTransform({ ...input, schema: schema as TransformInput['schema'] });
  const response = (result.schema as { response?: Record<string, unknown> }).response;
  for (const [status, answer] of Object.entries(response ?? {})) {
    const file = status.startsWith('2') ? fileContent(answer) : null;
    if (file && response) response[status] = file;
  }
  for (const [status, list] of Object.entries((codes ?? {}) as Record<string, string[]>)) {
    if (response?.[status]) response[status] = { $ref: `#/components/schemas/${ERROR_COMPONENT}`, description: list.join(', ') };
  }
  return result;
}

const addComponents = createJsonSchemaTransformObject({});

/** The registered components, without the input twin of the error body (no request sends it). */
function transformObject(input: Parameters<typeof addComponents>[0]): ReturnType<typeof addComponents> {
  const document = addComponents(input) as { components?: { schemas?: Record<string, Record<string, unknown>> } };
  const schemas = document.components?.schemas ?? {};
  delete schemas[`${ERROR_COMPONENT}Input`];
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return document as ReturnType<typeof addComponents>;
}

/** The OpenAPI document of every registered endpoint (served at /openapi.json, committed as docs/openapi.json). */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Merchant Dashboard API', version: '1.0.0' },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'md_session' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
      },
    },
  },
  transform,
  transformObject,
};
