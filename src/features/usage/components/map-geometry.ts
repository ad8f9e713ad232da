import { geoMercator, geoPath, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import data from '../spanish-speaking.topo.json';

// The usage map's drawing, apart from React: the 21 Spanish-speaking countries
// (scripts/build-usage-map.ts cuts them from Natural Earth via world-atlas) projected with
// d3-geo. Latin America fills the frame, Spain and Equatorial Guinea sit in insets over the
// empty Atlantic, and countries too small to see at this size get a dot of their colour.

type Countries = GeometryCollection<object>;
const topology = data as unknown as Topology<{ countries: Countries; context: Countries }>;
const countries = feature(topology, topology.objects.countries) as FeatureCollection<MultiPolygon>;
const context = feature(topology, topology.objects.context) as FeatureCollection<MultiPolygon>;

export const WIDTH = 360;
export const HEIGHT = 452;

/** A frame of the map: where on the drawing, and which part of the globe it shows. */
export interface View {
  key: 'americas' | 'spain' | 'guinea';
  box: [[number, number], [number, number]];
  /** Corners (lon, lat) the projection is fitted to. */
  fit: [number, number][];
}

const VIEWS: View[] = [
  { key: 'americas', box: [[0, 0], [WIDTH, HEIGHT]], fit: [[-117.5, 32.7], [-34.6, -55.9]] },
  { key: 'spain', box: [[238, 4], [356, 84]], fit: [[-9.6, 43.9], [4.4, 35.9]] },
  { key: 'guinea', box: [[276, 90], [356, 148]], fit: [[8.3, 3.9], [11.5, 0.8]] },
];

/** Countries drawn smaller than this (px²) also get a dot, so they can be seen and found. */
const TINY = 60;

function projectionFor(view: View): GeoProjection {
  const [[x0, y0], [x1, y1]] = view.box;
  const inset = view.key === 'americas' ? 0 : 4;
  return geoMercator()
    .fitExtent(
      [
        [x0 + inset, y0 + inset],
        [x1 - inset, y1 - inset],
      ],
      { type: 'MultiPoint', coordinates: view.fit },
    )
    .clipExtent(view.box);
}

export interface Shape {
  code: string;
  d: string;
  dot: [number, number] | null;
}

/** The paths of every view, computed once: they do not depend on the marks. */
export function drawViews() {
  return VIEWS.map((view) => {
    const path = geoPath(projectionFor(view));
    // A country out of this view draws nothing; keep the ones that draw something.
    const shapes: Shape[] = countries.features.flatMap((country: Feature<MultiPolygon>) => {
      const d = path(country);
      if (!d) return [];
      const area = path.area(country);
      const centroid = path.centroid(country);
      const inBox = (point: [number, number]) =>
        point.every(Number.isFinite) &&
        point[0] >= view.box[0][0] && point[0] <= view.box[1][0] && point[1] >= view.box[0][1] && point[1] <= view.box[1][1];
      return [{ code: String(country.id), d, dot: area < TINY && inBox(centroid) ? centroid : null }];
    });
    return { view, shapes, land: context.features.map((neighbour) => path(neighbour) ?? '').join('') };
  });
}

