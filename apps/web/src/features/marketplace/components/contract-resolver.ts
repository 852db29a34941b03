import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver } from 'react-hook-form';
import { type z } from 'zod';

/**
 * A react-hook-form resolver for a contract schema whose form state is its output type (the price is
 * coerced by the schema, so its input type is `unknown`; the form always holds a number there).
 */
export function contractResolver<O extends FieldValues, I extends FieldValues>(schema: z.ZodType<O, I>): Resolver<O, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<O, unknown, O>;
}
