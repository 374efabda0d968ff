/**
 * Builds expressions with every attribute name and value as a placeholder, so no name can collide with one
 * of DynamoDB's several hundred reserved words (`data`, `name`, `cursor`, `stage` ...). Dotted paths address
 * map members (`apply.cursor`).
 */
export class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly segments = new Map<string, string>();

  path(path: string): string {
    return path
      .split('.')
      .map((segment) => {
        let placeholder = this.segments.get(segment);
        if (!placeholder) {
          placeholder = `#n${this.segments.size}`;
          this.segments.set(segment, placeholder);
          this.names[placeholder] = segment;
        }
        return placeholder;
      })
      .join('.');
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `SET a = :x, ... ADD b :y REMOVE c`; `undefined` values in `set` are removed instead. */
  update(set: Record<string, unknown>, add: Record<string, number> = {}): string {
    const assignments: string[] = [];
    const removals: string[] = [];
    for (const [path, value] of Object.entries(set)) {
      if (value === undefined) removals.push(this.path(path));
      else assignments.push(`${this.path(path)} = ${this.value(value)}`);
    }
    const adds = Object.entries(add).map(([path, value]) => `${this.path(path)} ${this.value(value)}`);
    return [
      assignments.length ? `SET ${assignments.join(', ')}` : '',
      adds.length ? `ADD ${adds.join(', ')}` : '',
      removals.length ? `REMOVE ${removals.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** The placeholders' maps, for a command input (DynamoDB refuses empty maps). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}
