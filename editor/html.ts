// Text put into the HTML of Leaflet's div icons (counters, place glyphs, box labels), which React does not escape.

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
