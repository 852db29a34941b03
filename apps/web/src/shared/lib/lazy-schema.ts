/**
 * A stand-in for a schema of the contracts that builds it on its first use (any property read, `in`,
 * its keys, its prototype) and forwards everything to it from then on. Methods read through it are
 * bound to the built schema, so `.parse`, `.extend`, `.shape` and `instanceof z.ZodObject` work as on
 * the schema itself. The web's build wraps the contracts' schemas in it (`vite.lazy-schemas.ts`); no
 * code calls it by hand.
 */
export function lazySchema<T extends object>(name: string, build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    if (built === undefined) {
      const value = build();
      if (typeof value !== 'object' || value === null || !('_zod' in value))
        throw new Error(`vite.lazy-schemas.ts: ${name} is not a zod schema; leave it out of the lazy schemas`);
      built = value;
    }
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = real();
      return Reflect.get(target, key, target) as unknown;
    },
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the stand-in's own (empty) target cannot vouch for a fixed property.
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      return found && { ...found, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    set: (_, key, value) => Reflect.set(real(), key, value),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
  });
}
