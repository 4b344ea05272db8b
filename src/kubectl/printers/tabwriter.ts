/**
 * Go's text/tabwriter (the github.com/liggitt/tabwriter fork with RememberWidths), reimplemented
 * for kubectl's two uses of it:
 *
 * - `get` tables and custom-columns: minwidth 6, tabwidth 4, padding 3, padchar ' ', RememberWidths
 *   (cli-runtime printers.GetNewTabWriter);
 * - describe and rollout history: minwidth 0, tabwidth 8, padding 2, padchar ' ', flags 0
 *   (describe.go / history.go tabbedString).
 *
 * The model: input is UTF-8 text whose cells are *terminated* by '\t' (or '\v'); '\n' and '\f' end a
 * line. The text after the last tab of a line is not part of any column and is written unpadded.
 * A column is a run of consecutive lines that all have a tab-terminated cell at that index (a
 * "column block"); its width is max(minwidth, widest cell + padding), counted in runes. A line with
 * fewer cells ends the block, so a line with no tab at all splits the text into independently
 * aligned sections — this is why describe's `Pod Template:` line restarts the alignment.
 *
 * Worked example with the get-table parameters (6/4/3):
 *
 *     "NAME\tREADY\n" + "hello\t4/4\n"
 *     column 0 cells: "NAME" (4), "hello" (5) → width max(6, 5 + 3) = 8
 *     → "NAME    READY\n" + "hello   4/4\n"
 *
 *     "--no-headers": "hello\t4/4\t4\n" → column 1 holds only "4/4" (3) → max(6, 3 + 3) = 6,
 *     column 2 holds "4" (1) → max(6, 4) = 6 → "hello   4/4   4\n"... the narrow columns are wider
 *     than their text + 3 because of minwidth.
 *
 * RememberWidths: each column index remembers the widest width it has ever been formatted with,
 * and a later block uses max(own width, remembered width) — it never narrows, and it widens only
 * the lines being formatted now. `get -w` flushes after every event row, so a wider row widens its
 * own line (and all later lines) without realigning lines already written.
 */

/** Writer parameters, named as in Go's tabwriter.Init. */
export interface TabWriterConfig {
  /** Minimal cell width including any padding. */
  minWidth: number;
  /** Width of a tab character; only meaningful for tab padding, which kubectl never uses. */
  tabWidth: number;
  /** Padding added to a cell's width before computing the column width. */
  padding: number;
  /** The single (non-tab) character used for padding. */
  padChar: string;
  /** liggitt/tabwriter's RememberWidths flag: column widths survive flush(). */
  rememberWidths: boolean;
}

/** cli-runtime GetNewTabWriter: the writer behind every `kubectl get` table. */
export const KUBECTL_TABLE_TABWRITER: TabWriterConfig = {
  minWidth: 6,
  tabWidth: 4,
  padding: 3,
  padChar: ' ',
  rememberWidths: true,
};

/** describe.go / history.go tabbedString: a 2-space gutter, no minimum width, no memory. */
export const DESCRIBE_TABWRITER: TabWriterConfig = {
  minWidth: 0,
  tabWidth: 8,
  padding: 2,
  padChar: ' ',
  rememberWidths: false,
};

const SURROGATE = /[\uD800-\uDFFF]/;

/** What ends a cell or a line in write(): a cell holding one is written through write(). */
const CELL_END = /[\t\v\n\f]/;

/** Width of a string in runes (Unicode code points), as utf8.RuneCountInString counts it. */
function runeCount(s: string): number {
  // Without a surrogate every UTF-16 unit is one rune: no walk (60,000 cells in get pods -A).
  if (!SURROGATE.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A stateful tabwriter. Text passed to write() is buffered until flush() (or until a line with a
 * single cell or a '\f' makes Go's writer flush on its own); formatted output goes to `sink`.
 */
export class TabWriter {
  /**
   * The buffered lines' cells, and their widths in runes line by line beside them: two arrays a
   * line, not an object a cell (10,000 pods' rows wait here until the table is formatted).
   */
  private lines: string[][] = [[]];
  private lineWidths: number[][] = [[]];
  private cellText = '';
  /** Column widths of the blocks enclosing the one being formatted (Go's `widths` stack). */
  private widths: number[] = [];
  /** Remembered per-column maximum widths (Go's `maxwidths`). */
  private maxWidths: number[] = [];
  private out: string[] = [];

  constructor(
    private readonly config: TabWriterConfig,
    private readonly sink: (chunk: string) => void,
  ) {
    if (config.padChar.length !== 1 || config.padChar === '\t') {
      throw new Error('TabWriter: padChar must be one non-tab character');
    }
  }

  /** Buffer text; may emit output when a line without tabs or a formfeed ends a block. */
  write(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch !== '\t' && ch !== '\v' && ch !== '\n' && ch !== '\f') continue;
      this.cellText += text.slice(start, i);
      start = i + 1;
      const ncells = this.terminateCell();
      if (ch === '\n' || ch === '\f') {
        this.newLine();
        // Go flushes here: a one-cell line cannot affect later alignment (its only cell is the
        // unaligned trailing text), and '\f' always forces a flush.
        if (ch === '\f' || ncells === 1) this.flush();
      }
    }
    this.cellText += text.slice(start);
  }

  /**
   * write(cells.join('\t') + '\n') without joining the row and splitting it again: the table
   * printers' rows (10,000 pods of get pods -A). A row whose cells hold a tab, vertical tab,
   * newline or formfeed, or text pending from write(), goes through write() unchanged.
   */
  writeRow(cells: readonly string[]): void {
    if (this.cellText !== '' || cells.length === 0 || cells.some((c) => CELL_END.test(c))) {
      this.write(cells.join('\t') + '\n');
      return;
    }
    const line = this.lines[this.lines.length - 1];
    const widths = this.lineWidths[this.lineWidths.length - 1];
    if (!line || !widths) throw new Error('TabWriter: no current line');
    for (const text of cells) {
      line.push(text);
      widths.push(runeCount(text));
    }
    this.newLine();
    if (line.length === 1) this.flush();
  }

  /** Format and emit everything buffered. With rememberWidths, column widths are kept. */
  flush(): void {
    if (this.cellText.length > 0) this.terminateCell();
    this.format(0, this.lines.length);
    const chunk = this.out.join('');
    this.reset();
    if (chunk.length > 0) this.sink(chunk);
  }

  /** A copy of the remembered per-column widths. */
  rememberedWidths(): number[] {
    return [...this.maxWidths];
  }

  /** Replace the remembered widths; kubectl passes nil between resource types (get.go). */
  setRememberedWidths(widths: readonly number[] | null): void {
    this.maxWidths = widths ? [...widths] : [];
  }

  private newLine(): void {
    this.lines.push([]);
    this.lineWidths.push([]);
  }

  private reset(): void {
    this.lines = [[]];
    this.lineWidths = [[]];
    this.cellText = '';
    this.widths = [];
    this.out = [];
  }

  private terminateCell(): number {
    const line = this.lines[this.lines.length - 1];
    const widths = this.lineWidths[this.lineWidths.length - 1];
    if (!line || !widths) throw new Error('TabWriter: no current line');
    line.push(this.cellText);
    widths.push(runeCount(this.cellText));
    this.cellText = '';
    return line.length;
  }

  /** Padding strings by length: a table of 60,000 rows pads with a few distinct lengths. */
  private readonly pads: string[] = [];

  private pad(textWidth: number, cellWidth: number): string {
    const n = cellWidth - textWidth;
    if (n <= 0) return '';
    return (this.pads[n] ??= this.config.padChar.repeat(n));
  }

  /**
   * Write lines [line0, line1) using the column widths currently on the stack, one output string
   * per line (not one per cell and pad: 60,000 events' rows would be 700,000 strings).
   */
  private writeLines(line0: number, line1: number): void {
    for (let i = line0; i < line1; i++) {
      const line = this.lines[i] ?? [];
      const widths = this.lineWidths[i] ?? [];
      const parts: string[] = [];
      for (let j = 0; j < line.length; j++) {
        parts.push(line[j]!);
        const w = this.widths[j];
        // Cells beyond the known columns (the trailing text) are not padded; an empty cell inside
        // a column is all padding, which is how an empty last `-L` column leaves trailing spaces.
        if (w !== undefined) parts.push(this.pad(widths[j] ?? 0, w));
      }
      // The last buffered line has no newline of its own (it is the unterminated tail).
      if (i + 1 < this.lines.length) parts.push('\n');
      const text = parts.join('');
      if (text.length > 0) this.out.push(text);
    }
  }

  /**
   * Go's format(): find the column blocks of column `this.widths.length` within [line0, line1),
   * fix each block's width, and recurse into the columns to its right.
   */
  private format(line0: number, line1: number): void {
    const column = this.widths.length;
    for (let cur = line0; cur < line1; cur++) {
      if (column >= (this.lines[cur]?.length ?? 0) - 1) continue;
      // This line has a cell in `column`: print the lines before it, then measure the block.
      this.writeLines(line0, cur);
      line0 = cur;

      let width = this.config.minWidth;
      for (; cur < line1; cur++) {
        const widths = this.lineWidths[cur] ?? [];
        if (column >= widths.length - 1) break;
        const w = widths[column];
        if (w !== undefined && w + this.config.padding > width) width = w + this.config.padding;
      }

      if (this.config.rememberWidths) width = this.rememberWidth(column, width);

      this.widths.push(width);
      this.format(line0, cur);
      this.widths.pop();
      line0 = cur;
    }
    this.writeLines(line0, line1);
  }

  /** liggitt/tabwriter: widen to the remembered width, or remember a new maximum. */
  private rememberWidth(column: number, width: number): number {
    if (this.maxWidths.length < this.widths.length) {
      this.maxWidths.push(...this.widths.slice(this.maxWidths.length));
    }
    const remembered = this.maxWidths[column];
    if (remembered === undefined) {
      this.maxWidths.push(width);
      return width;
    }
    if (remembered > width) return remembered;
    this.maxWidths[column] = width;
    return width;
  }
}

/** Format `text` in one go (write + flush) with a fresh writer; kubectl's table layout by default. */
export function tabwrite(text: string, config: TabWriterConfig = KUBECTL_TABLE_TABWRITER): string {
  const out: string[] = [];
  const w = new TabWriter(config, (chunk) => out.push(chunk));
  w.write(text);
  w.flush();
  return out.join('');
}
