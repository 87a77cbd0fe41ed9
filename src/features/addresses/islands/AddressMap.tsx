/**
 * The address dialog's Leaflet map (256 px tall, zoom 13, default centre Thrissur). A click sets
 * the pin; so does Enter on the focused map (keyboard users move it with the arrow keys first).
 * Loaded lazily with the dialog, so Leaflet's bytes reach only customers who open it.
 *
 * Tiles come from the configured URL template. When they cannot load (offline, blocked, a
 * broken URL) the map still takes clicks; a quiet note says the pictures are missing. The pin is
 * an inline SVG divIcon, so no marker image is fetched from a third-party origin.
 */

import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import 'leaflet/dist/leaflet.css';

/** Default map centre: Thrissur (the delivery area). */
export const DEFAULT_CENTER: [number, number] = [10.5276, 76.2144];
/** Default zoom. */
export const MAP_ZOOM = 13;

interface Props {
  /** Tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  tileUrl: string;
  /** The pin, or null when none is set yet. */
  position: { lat: number; lng: number } | null;
  /** Called with the clicked point. */
  onPick: (lat: number, lng: number) => void;
}

const PIN = L.divIcon({
  className: 'ff-map-pin',
  html: '<svg viewBox="0 0 24 36" width="28" height="42" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 36 12 36s12-15.2 12-24.1C24 5.3 18.6 0 12 0Z" fill="#256b34"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [28, 42],
  iconAnchor: [14, 42],
});

/** The map with its pin and the tile-failure note. */
export default function AddressMap({ tileUrl, position, onPick }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(false);

  // The map is built once per tile URL, centred on the first position; the pin follows `position` below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `position` is read once, at creation.
  useEffect(() => {
    const container = el.current;
    if (!container) return;
    const start = position ? ([position.lat, position.lng] as [number, number]) : DEFAULT_CENTER;
    const map = L.map(container, { center: start, zoom: MAP_ZOOM, keyboard: true });
    map.attributionControl.setPrefix(false);
    const tiles = L.tileLayer(tileUrl, {
      maxZoom: 19,
      // A tile that cannot load (offline, blocked) is a plain grid square, never a broken image.
      errorTileUrl: '/images/map-grid-tile.svg',
      attribution:
        '© <a href="https://www.openstreetmap.org/copyright" rel="noopener noreferrer" target="_blank">OpenStreetMap</a> contributors',
    });
    tiles.on('tileerror', () => setTilesFailed(true));
    tiles.addTo(map);
    map.on('click', (e: L.LeafletMouseEvent) => pickRef.current(e.latlng.lat, e.latlng.lng));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.target !== container) return;
      e.preventDefault();
      const c = map.getCenter();
      pickRef.current(c.lat, c.lng);
    };
    container.addEventListener('keydown', onKey);
    // The dialog may still be laying out when the map starts: measure again when it settles.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    mapRef.current = map;
    return () => {
      resize.disconnect();
      container.removeEventListener('keydown', onKey);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [tileUrl]);

  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (lat === undefined || lng === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at = L.latLng(lat, lng);
    if (markerRef.current) markerRef.current.setLatLng(at);
    else markerRef.current = L.marker(at, { icon: PIN, interactive: false, keyboard: false }).addTo(map);
    if (!map.getBounds().pad(-0.1).contains(at)) map.setView(at, Math.max(map.getZoom(), MAP_ZOOM));
  }, [lat, lng]);

  return (
    <div>
      <div
        ref={el}
        role="application"
        aria-label="Map: click to set the delivery location, or move it with the arrow keys and press Enter"
        aria-describedby={tilesFailed ? 'address-map-note' : undefined}
        className="relative z-0 h-64 w-full overflow-hidden rounded-xl border border-slate-300 bg-slate-100"
      />
      {tilesFailed && (
        <p id="address-map-note" className="mt-1 text-xs text-slate-600">
          Map pictures could not be loaded, so the map shows a plain grid. You can still click it to set the pin, or use
          My Current Location.
        </p>
      )}
    </div>
  );
}
