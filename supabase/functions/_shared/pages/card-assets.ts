import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm } from '@resvg/resvg-wasm';

/**
 * The card's binary assets, read once from the installed packages themselves (no copies in the
 * repository): Inter's woff files and resvg's WebAssembly. `createRequire(...).resolve` finds a
 * package's file the same way under Node and under Deno (both resolve through node_modules;
 * `import.meta.resolve` answers an unreadable `npm:` URL under Deno), and `node:fs/promises`
 * reads it in both. This runs once per process, before the first render, never per request.
 */
const require = createRequire(import.meta.url);

/** The bytes of a file inside an installed package, e.g. `@fontsource/inter/files/x.woff`. */
export async function packageFile(specifier: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(require.resolve(specifier)));
}

/** A font as satori takes it. */
export type CardFont = { name: string; data: ArrayBuffer; weight: 400 | 700 | 800; style: 'normal' };

/**
 * Inter in the weights the card uses, latin and latin-ext subsets (accents, ñ, ¿¡ and the rest
 * of the Latin alphabets; a glyph neither has is simply not drawn).
 */
const FONT_FILES = ([400, 700, 800] as const).flatMap((weight) =>
  (['latin', 'latin-ext'] as const).map((subset) => ({ weight, file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff` })),
);

let loaded: Promise<CardFont[]> | undefined;

/**
 * Everything a render needs, loaded once (concurrent first callers share one load): the fonts,
 * and resvg's WebAssembly initialised. A failed load is forgotten so the next call tries again.
 */
export function cardAssets(): Promise<CardFont[]> {
  loaded ??= (async () => {
    const [wasm, ...fonts] = await Promise.all([packageFile('@resvg/resvg-wasm/index_bg.wasm'), ...FONT_FILES.map(({ file }) => packageFile(file))]);
    await initWasm(wasm);
    return fonts.map((bytes, index) => ({
      name: 'Inter',
      data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      weight: FONT_FILES[index].weight,
      style: 'normal' as const,
    }));
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
