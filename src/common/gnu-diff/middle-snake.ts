/**
 * The edit script GNU diff finds (gnulib diffseq.h `compareseq`/`diag`): Myers' O(ND)
 * algorithm in its linear-space form, which looks for the "middle snake" of the shortest edit
 * path by searching forwards from the top-left corner and backwards from the bottom-right one
 * at the same time, then recurses on both halves. Several shortest scripts usually exist;
 * which one comes out depends on exactly this search order, so this is a faithful
 * re-expression of it rather than any Myers variant (jsdiff's forward-only search picks a
 * different script for about one random input in 150).
 *
 * Inputs are sequences of equivalence-class numbers (equal lines, equal numbers). The result
 * marks deleted elements of `a` and inserted elements of `b`.
 */

/** diffseq's cut-off: past this many edit steps the search settles for a good-enough split. */
function tooExpensive(n: number, m: number): number {
  // Roughly the square root of the input size, at least 4096 (GNU diff's choice).
  let cost = 1;
  for (let diags = n + m + 3; diags !== 0; diags = Math.floor(diags / 4)) cost *= 2;
  return Math.max(4096, cost);
}

interface Partition {
  xmid: number;
  ymid: number;
  /** whether the halves must be searched exhaustively (after a give-up split) */
  loMinimal: boolean;
  hiMinimal: boolean;
}

export function compareSequences(a: readonly number[], b: readonly number[]): { deleted: boolean[]; inserted: boolean[] } {
  const deleted = new Array<boolean>(a.length).fill(false);
  const inserted = new Array<boolean>(b.length).fill(false);
  const limit = tooExpensive(a.length, b.length);
  // Diagonal k = x - y ranges over [-b.length, a.length]; both vectors are indexed k + offset
  // with one spare slot at each end (the search writes fd[fmin - 1] and fd[fmax + 1]).
  const offset = b.length + 1;
  const fd = new Array<number>(a.length + b.length + 3).fill(0);
  const bd = new Array<number>(a.length + b.length + 3).fill(0);
  const F = (k: number) => fd[k + offset]!;
  const B = (k: number) => bd[k + offset]!;
  const setF = (k: number, v: number) => void (fd[k + offset] = v);
  const setB = (k: number, v: number) => void (bd[k + offset] = v);

  function diag(xoff: number, xlim: number, yoff: number, ylim: number, findMinimal: boolean): Partition {
    const dmin = xoff - ylim;
    const dmax = xlim - yoff;
    const fmid = xoff - yoff;
    const bmid = xlim - ylim;
    let fmin = fmid;
    let fmax = fmid;
    let bmin = bmid;
    let bmax = bmid;
    // When the corner diagonals differ by an odd amount the forward search meets the backward
    // one; otherwise the backward one meets the forward one.
    const odd = ((fmid - bmid) & 1) !== 0;
    setF(fmid, xoff);
    setB(bmid, xlim);
    for (let c = 1; ; c++) {
      // One more edit step forwards on every reachable diagonal.
      if (fmin > dmin) setF(--fmin - 1, -1);
      else ++fmin;
      if (fmax < dmax) setF(++fmax + 1, -1);
      else --fmax;
      for (let d = fmax; d >= fmin; d -= 2) {
        const tlo = F(d - 1);
        const thi = F(d + 1);
        const x0 = tlo < thi ? thi : tlo + 1;
        let x = x0;
        let y = x0 - d;
        while (x < xlim && y < ylim && a[x] === b[y]) {
          x++;
          y++;
        }
        setF(d, x);
        if (odd && bmin <= d && d <= bmax && B(d) <= x) return { xmid: x, ymid: y, loMinimal: true, hiMinimal: true };
      }
      // And one more backwards.
      if (bmin > dmin) setB(--bmin - 1, Number.MAX_SAFE_INTEGER);
      else ++bmin;
      if (bmax < dmax) setB(++bmax + 1, Number.MAX_SAFE_INTEGER);
      else --bmax;
      for (let d = bmax; d >= bmin; d -= 2) {
        const tlo = B(d - 1);
        const thi = B(d + 1);
        const x0 = tlo < thi ? tlo : thi - 1;
        let x = x0;
        let y = x0 - d;
        while (xoff < x && yoff < y && a[x - 1] === b[y - 1]) {
          x--;
          y--;
        }
        setB(d, x);
        if (!odd && fmin <= d && d <= fmax && x <= F(d)) return { xmid: x, ymid: y, loMinimal: true, hiMinimal: true };
      }
      if (findMinimal || c < limit) continue;
      // Gone well beyond the call of duty: split at the furthest point either search reached.
      let fxybest = -1;
      let fxbest = 0;
      for (let d = fmax; d >= fmin; d -= 2) {
        let x = Math.min(F(d), xlim);
        let y = x - d;
        if (ylim < y) {
          x = ylim + d;
          y = ylim;
        }
        if (fxybest < x + y) {
          fxybest = x + y;
          fxbest = x;
        }
      }
      let bxybest = Number.MAX_SAFE_INTEGER;
      let bxbest = 0;
      for (let d = bmax; d >= bmin; d -= 2) {
        let x = Math.max(xoff, B(d));
        let y = x - d;
        if (y < yoff) {
          x = yoff + d;
          y = yoff;
        }
        if (x + y < bxybest) {
          bxybest = x + y;
          bxbest = x;
        }
      }
      if (xlim + ylim - bxybest < fxybest - (xoff + yoff)) {
        return { xmid: fxbest, ymid: fxybest - fxbest, loMinimal: true, hiMinimal: false };
      }
      return { xmid: bxbest, ymid: bxybest - bxbest, loMinimal: false, hiMinimal: true };
    }
  }

  function compare(xoff: number, xlim: number, yoff: number, ylim: number, findMinimal: boolean): void {
    // Equal lines at both ends are not part of the problem.
    while (xoff < xlim && yoff < ylim && a[xoff] === b[yoff]) {
      xoff++;
      yoff++;
    }
    while (xoff < xlim && yoff < ylim && a[xlim - 1] === b[ylim - 1]) {
      xlim--;
      ylim--;
    }
    if (xoff === xlim) {
      while (yoff < ylim) inserted[yoff++] = true;
    } else if (yoff === ylim) {
      while (xoff < xlim) deleted[xoff++] = true;
    } else {
      const part = diag(xoff, xlim, yoff, ylim, findMinimal);
      compare(xoff, part.xmid, yoff, part.ymid, part.loMinimal);
      compare(part.xmid, xlim, part.ymid, ylim, part.hiMinimal);
    }
  }

  compare(0, a.length, 0, b.length, false);
  return { deleted, inserted };
}
