// The colours of hexside lines, shared by the maps that draw them and the legend under them.
export const SIDE_COLORS = { sea: '#2f6db5', land: '#8a4f1d' } as const;
/** Features with no medium, in the order the map declares them. */
export const OTHER_COLORS = ['#6b2f8a', '#1d7a6e', '#b5852f', '#b52f5e'];
