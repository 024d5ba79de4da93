import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const schema = z.object({ usuario: z.string().min(1, 'campo_obligatorio'), edad: z.coerce.number() });
type Input = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Input>;

describe('lazyZodResolver (form rules loaded after the first render)', () => {
  it('validates like zodResolver once the schema has loaded, and loads it once', async () => {
    let loads = 0;
    const resolver = lazyZodResolver(async () => {
      loads++;
      return schema;
    });
    const invalid = await resolver({ usuario: '', edad: '3' }, undefined, options);
    expect(invalid.values).toEqual({});
    expect(invalid.errors.usuario?.message).toBe('campo_obligatorio');
    const valid = await resolver({ usuario: 'ana', edad: '3' }, undefined, options);
    expect(valid.errors).toEqual({});
    expect(valid.values).toEqual({ usuario: 'ana', edad: 3 });
    expect(loads).toBe(1);
  });

  it('tries the download again at the next validation when it failed', async () => {
    let attempts = 0;
    const resolver = lazyZodResolver(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return schema;
    });
    await expect(resolver({ usuario: 'ana', edad: '1' }, undefined, options)).rejects.toThrow('offline');
    expect((await resolver({ usuario: 'ana', edad: '1' }, undefined, options)).errors).toEqual({});
  });
});
