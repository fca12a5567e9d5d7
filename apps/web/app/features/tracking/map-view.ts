import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is its own file, served from this origin (the pages' CSP allows workers from 'self' only).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
// The world outline is fetched as a file when the map opens: it never weighs on a script bundle.
import worldUrl from 'world-atlas/countries-50m.json?url';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { boundsOf, routeLine, type LatLng } from './tracking-math';

/**
 * The tracking map (issue #11 §5), loaded only by pages that show one (TrackingMap.tsx imports it
 * lazily): MapLibre GL with the configured tiles (MAP_TILE_URL), or land and borders drawn from
 * the world-atlas outline (Natural Earth 1:50m) when none is set. Markers are DOM elements that
 * carry their position in data attributes (the browser tests read them).
 */
maplibregl.setWorkerUrl(workerUrl);

export interface TrackingPoints {
  store: LatLng;
  destination: LatLng;
  driver: LatLng | null;
}

export interface TrackingMapOptions {
  container: HTMLElement;
  tileUrl: string | null;
  attribution: string | null;
  rtl: boolean;
  labels: { store: string; driver: string; destination: string; zoomIn: string; zoomOut: string };
  points: TrackingPoints;
}

export interface TrackingMapHandle {
  /** The style's layer ids (the page shows them in a data attribute: the browser tests read it). */
  layers(): string[];
  update(points: TrackingPoints): void;
  destroy(): void;
}

const COLORS = { water: '#dce9ec', land: '#f4efe4', border: '#b8ab93', coast: '#9fb7bd', route: '#2f6b4f' };

let world: Promise<{ land: GeoJSON.GeoJSON; borders: GeoJSON.GeoJSON }> | undefined;

/** Land polygons and the borders between countries, converted once per tab. */
function worldOutline() {
  world ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`world outline: HTTP ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryCollection; countries: GeometryCollection }>>;
    })
    .then((topology) => ({
      land: feature(topology, topology.objects.land) as GeoJSON.GeoJSON,
      // Shared arcs only: a border is drawn once, and coasts are not borders.
      borders: mesh(topology, topology.objects.countries, (a, b) => a !== b) as GeoJSON.GeoJSON,
    }))
    .catch((error: unknown) => {
      world = undefined;
      throw error;
    });
  return world;
}

function baseStyle(options: TrackingMapOptions, outline: { land: GeoJSON.GeoJSON; borders: GeoJSON.GeoJSON } | null): StyleSpecification {
  if (options.tileUrl && !options.tileUrl.includes('{z}')) {
    // A style URL: MapLibre loads it (setStyle below); this placeholder is never drawn.
    return { version: 8, sources: {}, layers: [] };
  }
  if (options.tileUrl) {
    return {
      version: 8,
      sources: {
        tiles: { type: 'raster', tiles: [options.tileUrl], tileSize: 256, maxzoom: 19, ...(options.attribution ? { attribution: options.attribution } : {}) },
      },
      layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
    };
  }
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: outline?.land ?? { type: 'FeatureCollection', features: [] }, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: outline?.borders ?? { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': COLORS.land, 'fill-outline-color': COLORS.coast } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': COLORS.coast, 'line-width': 1 } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': COLORS.border, 'line-width': 1.2, 'line-dasharray': [3, 2] } },
    ],
  };
}

function routeData(points: TrackingPoints): GeoJSON.Feature {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: routeLine(points.store, points.destination, points.driver) } };
}

/** A round marker with a letterless symbol; its position is mirrored in data attributes. */
function markerElement(kind: 'store' | 'driver' | 'destination', label: string): HTMLElement {
  const element = document.createElement('div');
  element.dataset.testid = `map-marker-${kind}`;
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', label);
  element.title = label;
  const styles: Record<typeof kind, string> = {
    store: 'background:#7a4b2a;width:22px;height:22px;border-radius:6px',
    driver: 'background:#2f6b4f;width:26px;height:26px;border-radius:9999px;box-shadow:0 0 0 6px rgba(47,107,79,.25)',
    destination: 'background:#b4532a;width:22px;height:22px;border-radius:9999px 9999px 9999px 0;transform:rotate(-45deg)',
  };
  element.style.cssText = `${styles[kind]};border:3px solid #fff;box-sizing:border-box;cursor:default`;
  return element;
}

function place(marker: maplibregl.Marker, point: LatLng) {
  marker.setLngLat([point.longitude, point.latitude]);
  const element = marker.getElement();
  element.dataset.lng = String(point.longitude);
  element.dataset.lat = String(point.latitude);
}

export async function createTrackingMap(options: TrackingMapOptions): Promise<TrackingMapHandle> {
  const outline = options.tileUrl ? null : await worldOutline();
  let points = options.points;
  const all = () => [points.store, points.destination, ...(points.driver ? [points.driver] : [])];
  const map = new maplibregl.Map({
    container: options.container,
    style: baseStyle(options, outline),
    bounds: boundsOf(all()),
    fitBoundsOptions: { padding: 40, maxZoom: 14 },
    attributionControl: { compact: true },
    dragRotate: false,
    pitchWithRotate: false,
    // The page scrolls with the wheel; zooming takes the buttons, a pinch or ctrl + wheel.
    cooperativeGestures: false,
    scrollZoom: false,
    locale: { 'NavigationControl.ZoomIn': options.labels.zoomIn, 'NavigationControl.ZoomOut': options.labels.zoomOut },
  });
  if (options.tileUrl && !options.tileUrl.includes('{z}')) map.setStyle(options.tileUrl);
  // Controls sit on the reading end's corner: top right in English, top left in Arabic.
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), options.rtl ? 'top-left' : 'top-right');

  const store = new maplibregl.Marker({ element: markerElement('store', options.labels.store) });
  const destination = new maplibregl.Marker({ element: markerElement('destination', options.labels.destination), anchor: 'bottom-left' });
  const driver = new maplibregl.Marker({ element: markerElement('driver', options.labels.driver) });
  place(store, points.store);
  place(destination, points.destination);
  store.addTo(map);
  destination.addTo(map);
  if (points.driver) {
    place(driver, points.driver);
    driver.addTo(map);
  }

  const addRoute = () => {
    if (map.getSource('route')) return;
    map.addSource('route', { type: 'geojson', data: routeData(points) });
    map.addLayer({
      id: 'route',
      type: 'line',
      source: 'route',
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': COLORS.route, 'line-width': 4, 'line-dasharray': [1, 1.5] },
    });
  };
  // A style loaded from a URL replaces everything: the route goes back on top of it.
  map.on('style.load', addRoute);
  // A tile that fails (an offline tile server) is a warning, not a broken page; a style that
  // cannot load at all fails the map, and the page says so instead of showing an empty box.
  await new Promise<void>((resolve, reject) => {
    map.once('load', () => resolve());
    map.on('error', (event) => {
      console.warn('[map]', event.error?.message ?? event);
      if (!map.isStyleLoaded()) reject(new Error(event.error?.message ?? 'map style failed'));
    });
  });
  addRoute();

  return {
    layers: () => map.getStyle().layers.map((layer) => layer.id),
    update(next) {
      const wasOut = points.driver !== null;
      points = next;
      place(store, next.store);
      place(destination, next.destination);
      if (next.driver) {
        place(driver, next.driver);
        if (!wasOut) driver.addTo(map);
        // Keep the driver in view without jumping around on every small move.
        if (!map.getBounds().contains([next.driver.longitude, next.driver.latitude])) map.fitBounds(boundsOf(all()), { padding: 40, maxZoom: 14 });
      } else if (wasOut) {
        driver.remove();
      }
      (map.getSource('route') as GeoJSONSource | undefined)?.setData(routeData(next));
    },
    destroy() {
      map.remove();
    },
  };
}
