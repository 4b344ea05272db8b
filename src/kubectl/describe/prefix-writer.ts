import { DESCRIBE_TABWRITER, TabWriter } from '../printers/tabwriter.js';

/** describe.go's indentation levels: each adds two spaces. */
export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;

/**
 * describe.go's PrefixWriter over tabbedString's tabwriter (minwidth 0, tabwidth 8, padding 2):
 * `write(level, text)` prefixes `text` with two spaces per level; cells are separated by '\t'
 * and aligned per tabwriter column block, so a line without a tab (`Pod Template:`) starts a new
 * alignment block. `flush()` formats what was written so far (DescribeEvents flushes before its
 * table, so the events table never aligns with the fields above it). `text()` flushes and
 * returns everything.
 *
 *     w.write(0, 'Name:\thello\n'); w.write(0, 'Namespace:\tdefault\n')
 *     → "Name:       hello\nNamespace:  default\n"   (column width 10 + 2)
 */
export class PrefixWriter {
  private readonly out: string[] = [];
  private readonly tw = new TabWriter(DESCRIBE_TABWRITER, (chunk) => this.out.push(chunk));

  write(level: number, text: string): void {
    this.tw.write('  '.repeat(level) + text);
  }

  /** fmt.Sprintln of one value: the text and a newline, no indentation. */
  writeLine(text: string): void {
    this.tw.write(`${text}\n`);
  }

  flush(): void {
    this.tw.flush();
  }

  text(): string {
    this.tw.flush();
    return this.out.join('');
  }
}

/** tabbedString: runs `fn` against a fresh writer and returns the aligned text. */
export function tabbedString(fn: (w: PrefixWriter) => void): string {
  const w = new PrefixWriter();
  fn(w);
  return w.text();
}
