/**
 * The row an `INSERT … RETURNING` (or a lookup that cannot miss) gives back. With noUncheckedIndexedAccess
 * `const [row] = …` is `T | undefined`; where no row means the data changed under us, this says so with
 * the error the caller names (a 404 for a row deleted meanwhile) instead of failing later on `undefined`.
 */
export function oneRow<T>(rows: readonly T[], missing: () => Error = () => new Error("expected a row")): T {
  const row = rows[0];
  if (row === undefined) throw missing();
  return row;
}
