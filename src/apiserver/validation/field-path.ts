/**
 * field.Path: the dotted path printed before each cause. Children join with `.`, indexes and
 * map keys are subscripts: `spec.template.spec.containers[0].ports[1].name`, `data[my key]`.
 */
export class FieldPath {
  private constructor(private readonly text: string) {}

  static root(...names: string[]): FieldPath {
    return new FieldPath(names.join('.'));
  }

  child(...names: string[]): FieldPath {
    const tail = names.join('.');
    return new FieldPath(this.text ? `${this.text}.${tail}` : tail);
  }

  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }

  key(k: string): FieldPath {
    return new FieldPath(`${this.text}[${k}]`);
  }

  toString(): string {
    return this.text;
  }
}
