// Which column of a production cost table gives the cost to build: the one the model names, else the
// column named for the resource, the table's only column, or one named "cost". Read by play and by
// validation alike, so a table the engine cannot read a build cost from is reported before a game.
export function buildColumn(columns: readonly string[], resource: string, named: string | undefined): string | undefined {
  if (named !== undefined) return named;
  return columns.includes(resource) ? resource : columns.length === 1 ? columns[0] : columns.includes('cost') ? 'cost' : undefined;
}
