'use client';
// Fits a map to its board again whenever the board changes (another game's, a new `bounds`) and whenever its
// container changes size (the window, a panel beside it), until the user zooms or pans it: their view then
// stands until the board changes. Leaflet itself watches only the window, and fits only on creation.
// Only files loaded with next/dynamic (ssr: false) may import this: Leaflet touches `window`.
import type L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** `bounds`: the board's, kept the same object for as long as the board is the same (a state update is not a new board). */
export function FitBounds({ bounds }: { bounds: L.LatLngBounds }) {
  const map = useMap();
  useEffect(() => {
    let fitting = false;
    let userMoved = false;
    const fit = () => {
      fitting = true;
      map.fitBounds(bounds, { animate: false });
      fitting = false;
    };
    // Unanimated, a fit's own movestart and zoomstart fire within fit(); any other is the user's (a drag, a zoom, a badge's click).
    const started = () => void (userMoved ||= !fitting);
    fit();
    map.on('movestart zoomstart', started);
    const resized = new ResizeObserver(() => {
      map.invalidateSize();
      if (!userMoved) fit();
    });
    resized.observe(map.getContainer());
    return () => {
      resized.disconnect();
      map.off('movestart zoomstart', started);
    };
  }, [map, bounds]);
  return null;
}
