import type { ResolverOptions } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const schema = z.object({ usuario: z.string().min(1, 'campo_obligatorio'), edad: z.coerce.number() });
type Input = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Input>;

describe('lazyZodResolver (form rules loaded after the first render)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("downloads the rules at the user's first press or key, not while the screen loads", async () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    let loads = 0;
    const resolver = lazyZodResolver(async () => {
      loads++;
      return schema;
    });
    // The form drawn empty asks whether it is valid: not yet, without the rules and without a message.
    const drawn = await resolver({ usuario: '', edad: '' }, undefined, options);
    expect(Object.keys(drawn.errors).length).toBeGreaterThan(0);
    expect(drawn.errors.usuario).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(0);
    page.dispatchEvent(new Event('keydown'));
    page.dispatchEvent(new Event('pointerdown'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(1);
    // Once asked for, even an empty form gets the real rules' answer and messages.
    expect((await resolver({ usuario: '', edad: '' }, undefined, options)).errors.usuario?.message).toBe(
      'campo_obligatorio',
    );
  });

  it('loads the rules at once for a value that arrives without a press or key (autofill)', async () => {
    vi.stubGlobal('window', new EventTarget());
    const resolver = lazyZodResolver(async () => schema);
    expect((await resolver({ usuario: 'ana', edad: '3' }, undefined, options)).values).toEqual({
      usuario: 'ana',
      edad: 3,
    });
  });

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
