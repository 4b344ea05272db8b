/** What cellText changes: a line break or a terminal escape. */
const SPECIAL = /[\x1b\f\n\r]/;

/**
 * cli-runtime printTable's treatment of one string cell: the text is cut at the first '\n', '\r'
 * or '\f' (tabwriter would take them as line breaks) and `...` is appended; terminal escapes are
 * made harmless (printers.EscapeTerminal: ESC → `^[`, CR → `\r`).
 *   `line one\nline two` → `line one...`;  `\x1b[31mred` → `^[[31mred`
 * Tabs are not touched: a tab inside a cell really does split it, as in kubectl.
 */
export function cellText(value: string): string {
  // Most cells have none of these: one test instead of three searches (360,000 cells in get events -A).
  if (!SPECIAL.test(value)) return value;
  const cut = value.search(/[\f\n\r]/);
  if (cut >= 0) return `${escapeTerminal(value.slice(0, cut))}...`;
  return escapeTerminal(value);
}

function escapeTerminal(s: string): string {
  return s.replace(/\x1b/g, '^[').replace(/\r/g, '\\r');
}
