import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { type SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { type Endpoint, ErrorBodySchema, toOpenApiSchema, ValidationErrorBodySchema } from '@legenett/contracts';
import { type z } from 'zod';

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => toOpenApiSchema(schema, io) as SchemaObject;

/** Splits an object schema into one OpenAPI parameter per property (path and query parameters). */
function parametersOf(schema: z.ZodType): { name: string; required: boolean; schema: SchemaObject }[] {
  const json = schemaOf(schema, 'input');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    required: required.has(name),
    schema: property as SchemaObject,
  }));
}

/** The OpenAPI operation of one descriptor: summary, parameters, body, success and error answers. */
export function openApiDecorators(endpoint: Endpoint, status: number): MethodDecorator[] {
  const decorators: MethodDecorator[] = [ApiOperation({ summary: endpoint.summary })];
  if (endpoint.params) {
    for (const p of parametersOf(endpoint.params)) decorators.push(ApiParam({ ...p, required: true }));
  }
  if (endpoint.query) {
    for (const p of parametersOf(endpoint.query)) decorators.push(ApiQuery(p));
  }
  if (endpoint.body) {
    if (endpoint.multipart) decorators.push(ApiConsumes('multipart/form-data'));
    decorators.push(ApiBody({ schema: schemaOf(endpoint.body, 'input') }));
  }
  decorators.push(
    endpoint.response
      ? ApiResponse({ status, description: 'Success', schema: schemaOf(endpoint.response, 'output') })
      : ApiResponse({ status, description: 'Success, no content' }),
  );
  const error = schemaOf(ErrorBodySchema, 'output');
  if (endpoint.access !== 'public') {
    decorators.push(ApiBearerAuth(), ApiResponse({ status: 401, description: 'Not logged in', schema: error }));
  }
  if (endpoint.access === 'member' || endpoint.access === 'admin') {
    decorators.push(ApiResponse({ status: 403, description: 'Not allowed (see `reason`)', schema: error }));
  }
  if (endpoint.params) decorators.push(ApiResponse({ status: 404, description: 'Not found', schema: error }));
  if (endpoint.params || endpoint.query || endpoint.body) {
    decorators.push(
      ApiResponse({ status: 422, description: 'Invalid input', schema: schemaOf(ValidationErrorBodySchema, 'output') }),
    );
  }
  return decorators;
}
