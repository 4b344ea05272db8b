/**
 * Splitting a YAML stream into documents the way k8s.io/apimachinery's YAMLReader does
 * (pkg/util/yaml/decoder.go), which is *not* what a YAML parser does:
 *  - a document ends at a line that starts with `---`; the separator line itself belongs to
 *    neither document, so go-yaml's line numbers in errors count from the line after it;
 *  - after `---` only spaces and a `#` comment may follow, anything else is the error
 *    `invalid Yaml document separator: <rest>` (so `--- !tag` or `---foo` fail);
 *  - separators with nothing before them are skipped; a document made of blank lines or
 *    comments parses to null and is dropped later;
 *  - every line is re-terminated with `\n` (a final line without one gains it).
 */
import { ManifestError } from './errors.js';

export interface YamlDocumentText {
  /** The document's text, without its separator line. */
  text: string;
}

/** Split `text` into YAML documents, or throw the separator error. */
export function splitYamlDocuments(text: string): YamlDocumentText[] {
  return [...yamlDocuments(text)];
}

/**
 * Yield documents one by one, so that documents before a bad separator are still seen
 * (kubectl visits them before it meets the error).
 */
export function* yamlDocuments(text: string): Generator<YamlDocumentText, void, void> {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let buffer: string[] = [];
  for (const rawLine of lines) {
    // LineReader (bufio ReadLine) drops the \r of \r\n line endings.
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.startsWith('---')) {
      const rest = line.slice(3).trim();
      if (rest.length > 0 && !rest.startsWith('#')) {
        throw new ManifestError(`invalid Yaml document separator: ${rest}`);
      }
      if (buffer.length > 0) {
        yield { text: buffer.join('') };
        buffer = [];
      }
      continue;
    }
    buffer.push(line + '\n');
  }
  if (buffer.length > 0) yield { text: buffer.join('') };
}
