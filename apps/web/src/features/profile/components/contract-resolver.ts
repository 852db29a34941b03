import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver } from 'react-hook-form';
import { type z } from 'zod';

/**
 * A react-hook-form resolver for a contract schema whose form state is its output type. The schemas
 * coerce ids (`z.coerce.number()`), whose input type is `unknown`; the form always holds numbers
 * there, so the output type is the honest type of the form state. zodResolver (not the standard-schema
 * one) keeps each issue's code as the error `type`, which `useFieldError` translates.
 */
export function contractResolver<O extends FieldValues, I extends FieldValues>(schema: z.ZodType<O, I>): Resolver<O, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<O, unknown, O>;
}
