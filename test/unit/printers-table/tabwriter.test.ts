import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESCRIBE_TABWRITER,
  KUBECTL_TABLE_TABWRITER,
  TabWriter,
  tabwrite,
} from '../../../src/kubectl/printers/tabwriter.js';

test('get tables: width is max(6, widest + 3) and the last cell is not padded', () => {
  assert.equal(
    tabwrite('NAME\tREADY\tUP-TO-DATE\tAVAILABLE\tAGE\nhello\t4/4\t4\t4\t19s\n'),
    'NAME    READY   UP-TO-DATE   AVAILABLE   AGE\n' + 'hello   4/4     4            4           19s\n',
  );
});

test('--no-headers: narrow columns are 6 wide (minwidth), so the gaps grow', () => {
  assert.equal(tabwrite('hello\t4/4\t4\t4\t25m\n'), 'hello   4/4   4     4     25m\n');
});

test('an empty last cell leaves the previous padding as trailing spaces', () => {
  assert.equal(
    tabwrite('NAME\tAGE\tTIER\nhello\t19s\t\n'),
    'NAME    AGE   TIER\n' + 'hello   19s   \n',
  );
});

test('widths are counted in runes, not bytes or UTF-16 units', () => {
  // "café" is 4 runes (5 bytes) → the column is 4 + 3 = 7 wide; "😀x" is 2 runes (3 UTF-16
  // units), so it gets 5 spaces.
  assert.equal(tabwrite('café\t1\n😀x\t2\nab\t3\n'), 'café   1\n😀x     2\nab     3\n');
});

test('text without a final newline is written as the last, unterminated line', () => {
  assert.equal(tabwrite('a\tb\nccc\td'), 'a     b\nccc   d');
});

test('RememberWidths: a later flush widens its own line only, never realigning earlier ones', () => {
  const out: string[] = [];
  const w = new TabWriter(KUBECTL_TABLE_TABWRITER, (s) => out.push(s));
  w.write('NAME\tDESIRED\tCURRENT\tREADY\tAGE\nhello-8c9694f75\t4\t4\t4\t47s\n');
  w.flush();
  w.write('hello-85854d9fd8\t1\t0\t0\t0s\n');
  w.flush();
  w.write('hello-8c9694f75\t3\t4\t4\t58s\n');
  w.flush();
  assert.deepEqual(out, [
    'NAME              DESIRED   CURRENT   READY   AGE\n' + 'hello-8c9694f75   4         4         4       47s\n',
    'hello-85854d9fd8   1         0         0       0s\n',
    // the name column stays at the widened 19
    'hello-8c9694f75    3         4         4       58s\n',
  ]);
  assert.deepEqual(w.rememberedWidths(), [19, 10, 10, 8]);
});

test('setRememberedWidths(null) forgets the widths (get.go does it between resource types)', () => {
  const out: string[] = [];
  const w = new TabWriter(KUBECTL_TABLE_TABWRITER, (s) => out.push(s));
  w.write('a-long-name\tx\n');
  w.flush();
  w.setRememberedWidths(null);
  w.write('b\ty\n');
  w.flush();
  assert.deepEqual(out, ['a-long-name   x\n', 'b     y\n']);
});

test('without RememberWidths every flush aligns on its own', () => {
  const out: string[] = [];
  const w = new TabWriter({ ...KUBECTL_TABLE_TABWRITER, rememberWidths: false }, (s) => out.push(s));
  w.write('a-long-name\tx\n');
  w.flush();
  w.write('b\ty\n');
  w.flush();
  assert.deepEqual(out, ['a-long-name   x\n', 'b     y\n']);
});

test('describe (0/8/2): a line without a tab ends the column block', () => {
  const text =
    'Name:\thello\n' +
    'Namespace:\tdefault\n' +
    'Pod Template:\n' +
    '  Labels:\tapp=hello\n' +
    '  Containers:\n' +
    '   hello:\n' +
    '    Image:\tnginx\n' +
    '    Port:\t8080/TCP\n';
  assert.equal(
    tabwrite(text, DESCRIBE_TABWRITER),
    'Name:       hello\n' +
      'Namespace:  default\n' +
      'Pod Template:\n' +
      '  Labels:  app=hello\n' +
      '  Containers:\n' +
      '   hello:\n' +
      '    Image:  nginx\n' +
      '    Port:   8080/TCP\n',
  );
});

test('column blocks: cells in the same position belong to different columns when not contiguous', () => {
  // Go's package documentation example (aaaa|bbb|d / aa|b|dd / a| / aa|cccc|eee), minwidth 0,
  // padding 1: column 1 is "bbb","b" for lines 1-2 and "cccc" alone for line 4.
  const cfg = { ...DESCRIBE_TABWRITER, padding: 1 };
  assert.equal(
    tabwrite('aaaa\tbbb\td\naa\tb\tdd\na\t\naa\tcccc\teee\n', cfg),
    'aaaa bbb d\n' + 'aa   b   dd\n' + 'a    \n' + 'aa   cccc eee\n',
  );
});

test('rollout history table (0/8/2) with the trailing blank line', () => {
  assert.equal(
    tabwrite('REVISION\tCHANGE-CAUSE\n1\thello 0.9\n2\t<none>\n\n', DESCRIBE_TABWRITER),
    'REVISION  CHANGE-CAUSE\n1         hello 0.9\n2         <none>\n\n',
  );
});

test('a formfeed ends the line and the block, and is written as a newline', () => {
  assert.equal(tabwrite('a\tb\fcccccc\td\n'), 'a     b\ncccccc   d\n');
});

test('a vertical tab terminates a cell like a tab', () => {
  assert.equal(tabwrite('a\vb\nccc\vd\n'), 'a     b\nccc   d\n');
});

test('writeRow(cells) writes what write(cells joined by tabs + newline) writes', () => {
  const rows: string[][] = [
    ['NAME', 'READY', 'AGE'],
    ['café', '😀x', '1s'],
    ['one cell'],
    ['a\tb', 'c'],
    ['d\ve', 'f\fg', ''],
    [],
    ['h', 'i\nj'],
    ['kkkkkkkkkkkkkkkkkk', '', 'l'],
  ];
  const viaWrite: string[] = [];
  const viaRow: string[] = [];
  const a = new TabWriter(KUBECTL_TABLE_TABWRITER, (c) => viaWrite.push(c));
  const b = new TabWriter(KUBECTL_TABLE_TABWRITER, (c) => viaRow.push(c));
  // text left pending by write() joins the row's first cell
  a.write('pending');
  b.write('pending');
  for (const r of rows) {
    a.write(r.join('\t') + '\n');
    b.writeRow(r);
  }
  a.write('x\t');
  b.write('x\t');
  a.write('y\tz\n');
  b.writeRow(['y', 'z']);
  a.flush();
  b.flush();
  assert.deepEqual(viaRow, viaWrite);
  assert.ok(viaWrite.length > 1);
});
