import { z } from 'zod';

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a contract schema, without `$schema` so it
 * embeds in an OpenAPI document. Lives here so the conversion uses the same zod instance that
 * built the schemas (descriptions and `.meta()` live in its registry). `io: 'input'` describes what
 * a client sends (defaults optional, coercion inputs); `'output'` what it receives.
 */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}
