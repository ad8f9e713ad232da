// Builds src/features/usage/spanish-speaking.topo.json, the usage map's data, from the npm
// package world-atlas (Natural Earth's countries at 1:50m, public domain):
//   npx tsx scripts/build-usage-map.ts
// It keeps the 21 Spanish-speaking countries (object `countries`, each with its two-letter
// code as id) and, as grey context, their neighbours (object `context`), only the parts in
// the map's three views (Latin America, Spain, Equatorial Guinea), drops specks, simplifies
// every arc once (so neighbours keep sharing their borders) and re-quantizes it coarser.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

type Position = [number, number];
type Arc = Position[];
interface Geometry {
  type: 'Polygon' | 'MultiPolygon';
  id?: string;
  arcs: number[][] | number[][][];
  properties?: Record<string, unknown>;
}
interface Topology {
  type: 'Topology';
  transform: { scale: Position; translate: Position };
  objects: Record<string, { type: 'GeometryCollection'; geometries: Geometry[] }>;
  arcs: Arc[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'src', 'features', 'usage', 'spanish-speaking.topo.json');
const require = createRequire(import.meta.url);
const world = require('world-atlas/countries-50m.json') as Topology;

/** ISO 3166-1 numeric → alpha-2, the 21 countries of public.countries. */
const SPANISH_SPEAKING: Record<string, string> = {
  '032': 'AR', '068': 'BO', '152': 'CL', '170': 'CO', '188': 'CR', '192': 'CU', '214': 'DO',
  '218': 'EC', '222': 'SV', '226': 'GQ', '320': 'GT', '340': 'HN', '484': 'MX', '558': 'NI',
  '591': 'PA', '600': 'PY', '604': 'PE', '630': 'PR', '724': 'ES', '858': 'UY', '862': 'VE',
};
/** Neighbours drawn in grey so the coasts and borders read as a map. */
const CONTEXT = [
  '840', '084', '332', '388', '044', '780', '328', '740', '076', '250', // Americas (France: French Guiana)
  '620', '020', '504', '012', '732', // around Spain
  '120', '266', '566', '678', // around Equatorial Guinea
];
/** The views, [west, south, east, north]: a polygon entirely outside all of them is left out. */
const VIEWS: [number, number, number, number][] = [
  [-120, -57, -30, 34],
  [-19, 26, 6, 45],
  [4, -3, 13, 6],
];
/** Simplification tolerance and the new grid, in degrees. */
const TOLERANCE = 0.06;
const GRID = 0.01;
/** Islands smaller than this (square degrees) go, unless they are all a country has. */
const SPECK = 0.02;

const [sx, sy] = world.transform.scale;
const [tx, ty] = world.transform.translate;

/** The arcs in degrees (world-atlas delta-encodes them on its grid). */
const arcs: Arc[] = world.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * sx + tx, y * sy + ty] as Position;
  });
});

const arcPoints = (index: number): Arc => (index >= 0 ? arcs[index] : [...arcs[~index]].reverse());
const ringPoints = (ring: number[]): Arc => ring.flatMap((index, i) => (i === 0 ? arcPoints(index) : arcPoints(index).slice(1)));

function ringArea(ring: Arc): number {
  let area = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) area += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return Math.abs(area / 2);
}

function inAView(ring: Arc): boolean {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [w, s, e, n] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return VIEWS.some(([vw, vs, ve, vn]) => w <= ve && e >= vw && s <= vn && n >= vs);
}

/** A geometry's polygons (each a list of rings of arc indices), kept to the views, specks dropped. */
function polygonsOf(geometry: Geometry, keepOne: boolean): number[][][] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs) as number[][][];
  const visible = polygons.filter((polygon) => inAView(ringPoints(polygon[0])));
  const areas = visible.map((polygon) => ringArea(ringPoints(polygon[0])));
  const largest = Math.max(...areas);
  return visible
    .filter((_, i) => areas[i] >= SPECK || (keepOne && areas[i] === largest))
    // Holes (lakes) are not worth their bytes at this size.
    .map((polygon) => [polygon[0]]);
}

const countries: Geometry[] = [];
const context: Geometry[] = [];
for (const geometry of world.objects.countries.geometries) {
  const code = geometry.id ? SPANISH_SPEAKING[geometry.id] : undefined;
  if (!code && !CONTEXT.includes(geometry.id ?? '')) continue;
  const polygons = polygonsOf(geometry, Boolean(code));
  if (polygons.length === 0) continue;
  (code ? countries : context).push({ type: 'MultiPolygon', ...(code ? { id: code } : {}), arcs: polygons });
}
if (countries.length !== 21) throw new Error(`expected the 21 countries, found ${countries.length}`);

/** Douglas–Peucker on one arc, its ends kept (they are where arcs meet). */
function simplify(points: Arc): Arc {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  // A closed arc (an island) has equal ends: measure from its start instead of a segment.
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let distance = 0;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i];
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0 && (distance > TOLERANCE || length === 0)) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

// Every arc still used, once, simplified and re-encoded on the coarser grid.
const renumber = new Map<number, number>();
const outArcs: Position[][] = [];
const grid = (value: number, origin: number) => Math.round((value - origin) / GRID);
const remap = (index: number): number => {
  const own = index >= 0 ? index : ~index;
  let mapped = renumber.get(own);
  if (mapped === undefined) {
    mapped = outArcs.length;
    renumber.set(own, mapped);
    let x = 0;
    let y = 0;
    const encoded: Position[] = [];
    for (const [lon, lat] of simplify(arcs[own])) {
      const qx = grid(lon, -180);
      const qy = grid(lat, -90);
      if (encoded.length && qx === x && qy === y) continue;
      encoded.push([qx - x, qy - y]);
      x = qx;
      y = qy;
    }
    // An arc is at least its two ends, even where they fall on one grid point.
    if (encoded.length === 1) encoded.push([0, 0]);
    outArcs.push(encoded);
  }
  return index >= 0 ? mapped : ~mapped;
};
const withArcs = (geometry: Geometry): Geometry => ({
  ...geometry,
  arcs: (geometry.arcs as number[][][]).map((polygon) => polygon.map((ring) => ring.map(remap))),
});

const topology: Topology = {
  type: 'Topology',
  transform: { scale: [GRID, GRID], translate: [-180, -90] },
  objects: {
    countries: { type: 'GeometryCollection', geometries: countries.map(withArcs).sort((a, b) => a.id!.localeCompare(b.id!)) },
    context: { type: 'GeometryCollection', geometries: context.map(withArcs) },
  },
  arcs: outArcs,
};
const text = JSON.stringify(topology);
fs.writeFileSync(output, `${text}\n`);
console.log(`${path.relative(root, output)}: ${countries.length} countries, ${context.length} neighbours, ${outArcs.length} arcs, ${(text.length / 1024).toFixed(1)} KB`);
