/**
 * kubectl collects the errors of every object it visits (cli-runtime ContinueOnErrorVisitor)
 * and checkErr prints them at the end. Go's utilerrors aggregate has rules that show in the
 * output, reproduced here:
 *  - an aggregate of one error prints as that error (`error: <msg>`);
 *  - several errors print one per line, without `error: ` (kubectl's MultipleErrors);
 *  - an aggregate nested inside another prints on one line as `[a, b]` (duplicate messages
 *    dropped), e.g. two label conflicts on one object when another object failed too.
 */
import { AggregateCliError, CliError } from '../util/errors.js';

/** utilerrors.NewAggregate: nothing for no errors, the error itself for one, else an aggregate. */
export function aggregate(errors: Error[]): Error | undefined {
  if (errors.length === 0) return undefined;
  if (errors.length === 1) return errors[0];
  return new AggregateCliError(errors);
}

/**
 * The message Go's aggregate.Error() gives: messages of the (flattened) errors, deduplicated,
 * joined by `, `, in brackets when more than one remains.
 * Example: ['x', 'y', 'x'] → `[x, y]`; ['x', 'x'] → `x`.
 */
export function aggregateMessage(agg: AggregateCliError): string {
  const seen: string[] = [];
  const visit = (e: Error): void => {
    if (e instanceof AggregateCliError) {
      e.errors.forEach(visit);
      return;
    }
    if (!seen.includes(e.message)) seen.push(e.message);
  };
  visit(agg);
  return seen.length === 1 ? seen[0]! : `[${seen.join(', ')}]`;
}

/** Throws what a visit that collected `errors` ends with (nothing when there are none). */
export function throwCollected(errors: Error[]): void {
  if (errors.length === 0) return;
  if (errors.length === 1) throw errors[0]!;
  throw new AggregateCliError(errors.map((e) => (e instanceof AggregateCliError ? new CliError(aggregateMessage(e)) : e)));
}
