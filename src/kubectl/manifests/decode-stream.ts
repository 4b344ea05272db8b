/**
 * One `-f` source (file or stdin) → its documents, as k8s.io/apimachinery's
 * YAMLOrJSONDecoder and cli-runtime's StreamVisitor read it:
 *  - if the text (after whitespace) starts with `{` it is read as a stream of JSON values;
 *    if the first or second JSON value has a syntax error, the decoder rewinds to where that
 *    value began, skips the rest of that line's whitespace, and retries the rest as YAML
 *    (so `{"a": 1,}` still works, being valid YAML); if YAML fails too, the *JSON* error is
 *    reported;
 *  - otherwise it is split into YAML documents at `---` lines;
 *  - documents that decode to null (empty, only comments) are skipped;
 *  - the first syntax error stops the stream: `error parsing <source>: <detail>`. Documents
 *    before it were already visited (kubectl acted on them), so they are returned.
 */
import type { JsonValue } from '../../common/json.js';
import { ManifestError } from './errors.js';
import { JsonSyntaxError, readJsonValue } from './json-stream.js';
import { yamlDocuments } from './yaml-documents.js';
import { yamlDocumentToJson } from './yaml-to-json.js';
import { toCompactJson } from '../../common/go-json.js';

export interface RawDocument {
  /** 0-based position among the source's non-empty documents. */
  index: number;
  value: JsonValue;
  /**
   * The document as the JSON bytes kubectl holds: the original text for JSON input, Go's
   * compact sorted JSON for YAML input. kubectl quotes it in `Object 'Kind' is missing in '...'`.
   */
  raw: string;
}

export interface DecodedStream {
  documents: RawDocument[];
  /** The error that stopped reading, if any. */
  error?: ManifestError;
}

export function decodeStream(text: string, source: string): DecodedStream {
  const documents: RawDocument[] = [];
  const push = (value: JsonValue, raw: () => string): void => {
    if (value === null) return;
    // Only an error message quotes the raw text; producing it for a large YAML document is
    // costly (a full JSON serialisation), so it is made when first read.
    let text: string | undefined;
    documents.push({
      index: documents.length,
      value,
      get raw(): string {
        return (text ??= raw());
      },
    });
  };
  const parseError = (detail: string): ManifestError => new ManifestError(`error parsing ${source}: ${detail}`, source);

  if (/^\s*\{/u.test(text)) {
    let pos = 0;
    let count = 0;
    for (;;) {
      const rest = text.slice(pos);
      if (rest.trim() === '') return { documents };
      try {
        const { value, raw, end } = readJsonValue(text, pos);
        push(value, () => raw);
        count++;
        pos = end;
      } catch (err) {
        if (!(err instanceof JsonSyntaxError)) throw err;
        if (count > 1) return { documents, error: parseError(err.unexpectedEof ? err.message : err.detail) };
        // Fall back to YAML from the start of the failed value (after this line's blanks).
        const fromYaml = decodeYaml(text.slice(skipLineWhitespace(text, pos)), parseError);
        if (fromYaml.error && fromYaml.documents.length === 0) {
          return { documents, error: parseError(err.message) };
        }
        for (const d of fromYaml.documents) push(d.value, () => toCompactJson(d.value));
        return fromYaml.error ? { documents, error: fromYaml.error } : { documents };
      }
    }
  }
  const y = decodeYaml(text, parseError);
  for (const d of y.documents) push(d.value, () => toCompactJson(d.value));
  return y.error ? { documents, error: y.error } : { documents };
}

/** consumeWhitespace: skip blanks up to and including the first newline. */
function skipLineWhitespace(text: string, pos: number): number {
  let i = pos;
  while (i < text.length && /\s/u.test(text[i] ?? '')) {
    i++;
    if (text[i - 1] === '\n') break;
  }
  return i;
}

function decodeYaml(
  text: string,
  parseError: (detail: string) => ManifestError,
): { documents: { value: JsonValue }[]; error?: ManifestError } {
  const documents: { value: JsonValue }[] = [];
  try {
    for (const doc of yamlDocuments(text)) {
      try {
        const value = yamlDocumentToJson(doc.text);
        documents.push({ value });
      } catch (err) {
        if (err instanceof ManifestError) return { documents, error: parseError(err.message) };
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof ManifestError) return { documents, error: parseError(err.message) };
    throw err;
  }
  return { documents };
}
