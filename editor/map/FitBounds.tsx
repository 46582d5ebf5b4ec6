'use client';
// Fits a map to its board again whenever the board changes (another game's, a new `bounds`) and whenever its
// container changes size (the window, a panel beside it), until the user zooms or pans it: their view then
// stands until the board changes. Leaflet itself watches only the window, and fits only on creation.
// Only files loaded with next/dynamic (ssr: false) may import this: Leaflet touches `window`.
import type L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

interface Props {
  /** The board's, kept the same object for as long as the board is the same (a state update is not a new board). */
  bounds: L.LatLngBounds;
  /** Pixels kept clear between the board and the map's edges, [x, y] at its top left (where the zoom buttons are) and bottom right. */
  padding?: { topLeft: [number, number]; bottomRight: [number, number] };
}

/** A map whose zoomSnap is 0 is fitted exactly, filling its container along one side; else at the largest zoom of its snap that fits. */
export function FitBounds({ bounds, padding }: Props) {
  const map = useMap();
  const [left, top] = padding?.topLeft ?? [0, 0];
  const [right, bottom] = padding?.bottomRight ?? [0, 0];
  useEffect(() => {
    let fitting = false;
    let userMoved = false;
    const fit = () => {
      fitting = true;
      map.fitBounds(bounds, { animate: false, paddingTopLeft: [left, top], paddingBottomRight: [right, bottom] });
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
  }, [map, bounds, left, top, right, bottom]);
  return null;
}
