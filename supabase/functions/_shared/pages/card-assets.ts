import { initWasm } from '@resvg/resvg-wasm';
import { fetchPinnedFile, pinnedFile, type PinnedFile } from '../pinned-files.ts';

/**
 * The card's binary assets: Inter's woff files and resvg's WebAssembly, taken from the
 * installed packages themselves, else from a pinned CDN file (../pinned-files.ts).
 */
const PACKAGES = { '@resvg/resvg-wasm': '2.6.2', '@fontsource/inter': '5.3.0' } as const;
type PackageName = keyof typeof PACKAGES;

/** Each file the card reads, by package and path, with its SHA-256 (card.test.ts checks them against the installed files). */
export const CARD_ASSET_FILES: Record<string, { packageName: PackageName; path: string; sha256: string }> = {
  wasm: { packageName: '@resvg/resvg-wasm', path: 'index_bg.wasm', sha256: '22bf6e9f9a100d972da0411a69c5ba504367fc1fa87b3b64e3f35e53926d2d70' },
  'latin-400': { packageName: '@fontsource/inter', path: 'files/inter-latin-400-normal.woff', sha256: 'e20fa0b4fd2dd26e4d14b3ac3cc922509c3a63fa5e910e90c614544aa042dd45' },
  'latin-ext-400': { packageName: '@fontsource/inter', path: 'files/inter-latin-ext-400-normal.woff', sha256: '22ae8360fbad24d2af7c6c9898a346c881774dc87f7cf94bd262c48ad58d7116' },
  'latin-700': { packageName: '@fontsource/inter', path: 'files/inter-latin-700-normal.woff', sha256: '7c5ed5655730de337704d3fc94628515cd7e3d8d32368871709bf56ac0397e7a' },
  'latin-ext-700': { packageName: '@fontsource/inter', path: 'files/inter-latin-ext-700-normal.woff', sha256: '1761edba32014180deab3dbbe3f7156c64ef6f34bc76313ba31ce227fc9ff391' },
  'latin-800': { packageName: '@fontsource/inter', path: 'files/inter-latin-800-normal.woff', sha256: 'a2fdc5be8acd75fe8f3fd9de8179828d04fd884c155cd6b63fec23b33651ec88' },
  'latin-ext-800': { packageName: '@fontsource/inter', path: 'files/inter-latin-ext-800-normal.woff', sha256: '40c8e1bb3d3723f1c2fdb3be722cc42c03afaa4317935cdab9cf520cdf5a6ce8' },
};

export const CARD_PACKAGE_VERSIONS = PACKAGES;

const pinned = (name: string): PinnedFile => {
  const file = CARD_ASSET_FILES[name];
  return { ...file, version: PACKAGES[file.packageName] };
};

/** One asset from an npm CDN laid out as `<base>/<package>@<version>/<path>`, refused unless it is the pinned file. */
export const fetchPinnedAsset = (name: string, base: string): Promise<Uint8Array> => fetchPinnedFile(pinned(name), base, 'card asset');

/** One asset's bytes: the installed file when there is one, else the pinned file from the CDN. */
const cardAssetFile = (name: string): Promise<Uint8Array> => pinnedFile(pinned(name), 'card asset');

/** A font as satori takes it. */
export type CardFont = { name: string; data: ArrayBuffer; weight: 400 | 700 | 800; style: 'normal' };

/**
 * Inter in the weights the card uses, latin and latin-ext subsets (accents, ñ, ¿¡ and the rest
 * of the Latin alphabets).
 */
const FONTS = (['latin-400', 'latin-ext-400', 'latin-700', 'latin-ext-700', 'latin-800', 'latin-ext-800'] as const).map((name) => ({
  name,
  weight: Number(name.slice(-3)) as CardFont['weight'],
}));

let loaded: Promise<CardFont[]> | undefined;

/**
 * Everything a render needs, loaded once (concurrent first callers share one load): the fonts,
 * and resvg's WebAssembly initialised. A failed load is forgotten so the next call tries again.
 */
export function cardAssets(): Promise<CardFont[]> {
  loaded ??= (async () => {
    const [wasm, ...fonts] = await Promise.all([cardAssetFile('wasm'), ...FONTS.map(({ name }) => cardAssetFile(name))]);
    await initWasm(wasm);
    return fonts.map((bytes, index) => ({
      name: 'Inter',
      data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      weight: FONTS[index].weight,
      style: 'normal' as const,
    }));
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
