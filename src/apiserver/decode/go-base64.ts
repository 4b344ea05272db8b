/**
 * encoding/base64.StdEncoding.Decode's error for a []byte field (Secret data, ConfigMap
 * binaryData): `illegal base64 data at input byte N`. It reads 4-character quanta (skipping
 * `\r` and `\n`); N is the offset of a bad character, of the start of a quantum cut short
 * (`abc` → 0, `abcdef` → 4), of a misplaced `=`, or of anything after the padding.
 */
const ALPHABET = /^[A-Za-z0-9+/]$/u;

export function base64Error(src: string): string | undefined {
  // Offsets count bytes, so work on the UTF-8 bytes.
  const b = Buffer.from(src, 'utf8');
  const isNl = (c: number | undefined): boolean => c === 0x0a || c === 0x0d;
  let si = 0;
  for (;;) {
    let j = 0;
    for (; j < 4; j++) {
      if (si === b.length) {
        if (j === 0) return undefined;
        return fail(si - j);
      }
      const c = b[si++] ?? 0;
      if (ALPHABET.test(String.fromCharCode(c))) continue;
      if (isNl(c)) {
        j--;
        continue;
      }
      if (c !== 0x3d || j < 2) return fail(si - 1);
      if (j === 2) {
        while (si < b.length && isNl(b[si])) si++;
        if (si === b.length) return fail(b.length);
        if (b[si] !== 0x3d) return fail(si - 1);
        si++;
      }
      while (si < b.length && isNl(b[si])) si++;
      return si < b.length ? fail(si) : undefined;
    }
  }
}

function fail(at: number): string {
  return `illegal base64 data at input byte ${at}`;
}
