import type { ColorMode } from './types';

/** Colour the map by terrain or by country. */
export function ColorModePicker({ value, onChange }: { value: ColorMode; onChange(mode: ColorMode): void }) {
  return (
    <fieldset>
      <legend>Colour by</legend>
      {(['terrain', 'country'] as const).map((m) => (
        <label key={m}>
          <input type="radio" name="colour" checked={value === m} onChange={() => onChange(m)} /> {m}
        </label>
      ))}
    </fieldset>
  );
}
