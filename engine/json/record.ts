// A JSON object as read from a document: anything else (an array, null, a scalar) is not one.
export type Rec = Record<string, unknown>;

export const isRecord = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
