/**
 * `path` with the parameters that have a value as its query, in the order given (none: the path
 * alone). Every address the client builds with `?companyId=`, `?boardId=` and the like comes
 * from here.
 */
export function withQuery(
  path: string,
  params: Readonly<Record<string, string | number | undefined>>,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
