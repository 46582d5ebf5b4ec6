/** One of a tool's choices: a labelled select of ids by name, with an empty choice when `none` names it. */
export function Choice({ label, value, options, none, onChange }: { label: string; value: string; options: [string, string][]; none?: string; onChange: (id: string) => void }) {
  return (
    <label>
      {label}{' '}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {options.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
