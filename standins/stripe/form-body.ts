/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys
 * (`line_items[0][price]=price_1`, `metadata[companyId]=7`), decoded into nested objects;
 * all-numeric keys become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function decodeStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const part = path[i]!;
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as Record<string, FormValue>;
    }
    node[path[path.length - 1]!] = value;
  }
  return arraysFromNumericKeys(root) as Record<string, FormValue>;
}

function arraysFromNumericKeys(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysFromNumericKeys(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!);
  }
  return converted;
}
