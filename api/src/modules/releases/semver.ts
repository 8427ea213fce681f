/**
 * The small part of semver the compatibility check needs: does a version satisfy a range as
 * Module Federation writes them (`^19.3.1`, `~1.2.0`, `1.2.3`, `>=1.0.0`, `*`, `^*`, `x`)?
 * A range with `||` is satisfied by any of its parts; a range with spaces by all of them.
 */
type Triple = [number, number, number];

function parse(version: string): { v: Triple; pre: boolean; wild: number } | null {
  const m = /^v?(\d+|[x*])(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.exec(
    version.trim(),
  );
  if (!m) return null;
  const parts = [m[1], m[2], m[3]];
  // Number of leading concrete parts: `1.x` has 1, `1.2` has 2, `*` has 0.
  let wild = 0;
  while (wild < 3 && parts[wild] !== undefined && /^\d+$/.test(parts[wild]!)) wild++;
  const v = parts.map((p) => (p && /^\d+$/.test(p) ? Number(p) : 0)) as Triple;
  return { v, pre: !!m[4], wild };
}

function cmp(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

export function isExactVersion(version: string): boolean {
  const p = parse(version);
  return !!p && p.wild === 3;
}

function satisfiesOne(v: Triple, comparator: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator.trim());
  if (!m) return false;
  const op = m[1] ?? '';
  const r = parse(m[2]!);
  if (!r) return false;
  if (r.wild === 0) return op === '' || op === '^' || op === '~' || op === '>=' || op === '=';
  const lo = r.v;
  switch (op) {
    case '>=':
      return cmp(v, lo) >= 0;
    case '>':
      return cmp(v, lo) > 0;
    case '<=':
      return cmp(v, lo) <= 0;
    case '<':
      return cmp(v, lo) < 0;
    case '~': {
      if (cmp(v, lo) < 0) return false;
      return r.wild === 1 ? v[0] === lo[0] : v[0] === lo[0] && v[1] === lo[1];
    }
    case '^': {
      if (cmp(v, lo) < 0) return false;
      if (lo[0] > 0 || r.wild === 1) return v[0] === lo[0];
      if (lo[1] > 0 || r.wild === 2) return v[0] === 0 && v[1] === lo[1];
      return v[0] === 0 && v[1] === 0 && v[2] === lo[2];
    }
    default: {
      // `1.2.3`, `=1.2.3`, `1.x`, `1.2`.
      for (let i = 0; i < r.wild; i++) if (v[i] !== lo[i]) return false;
      return true;
    }
  }
}

/** True when `version` (a concrete version) satisfies `range`. */
export function satisfies(version: string, range: string): boolean {
  const p = parse(version);
  if (p?.wild !== 3) return false;
  return range.split('||').some((alt) => {
    const comparators = alt
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => satisfiesOne(p.v, c));
  });
}
