import { describePodTemplate, type PodTemplate } from '../../describe/pod-template.js';
import { PrefixWriter } from '../../describe/prefix-writer.js';

/**
 * describe.NewPrefixWriter over a plain buffer: history.go's printTemplate writes the template
 * description without a tabwriter, so the tabs stay literal and nothing is aligned
 * (`  Labels:\tapp=nginx`, `    Image:\tnginx:1.16.1`).
 */
class PlainPrefixWriter extends PrefixWriter {
  private readonly chunks: string[] = [];

  override write(level: number, text: string): void {
    this.chunks.push('  '.repeat(level) + text);
  }

  override writeLine(text: string): void {
    this.chunks.push(`${text}\n`);
  }

  override flush(): void {}

  override text(): string {
    return this.chunks.join('');
  }
}

/** printTemplate (polymorphichelpers/history.go): DescribePodTemplate with literal tabs. */
export function printTemplate(template: PodTemplate | undefined): string {
  const w = new PlainPrefixWriter();
  describePodTemplate(template, w);
  return w.text();
}
