/**
 * Label-bound children of one metric, made once per label combination and then reused: a series'
 * labels() joins the values into one key, a string the hot path should not build per request.
 * Two-level keys avoid building a joined string per lookup.
 */
export class LabelChildren<C> {
  private readonly children = new Map<string, Map<string, C>>();

  constructor(private readonly make: (first: string, second: string) => C) {}

  get(first: string, second = ''): C {
    let inner = this.children.get(first);
    if (!inner) this.children.set(first, (inner = new Map()));
    let child = inner.get(second);
    if (!child) inner.set(second, (child = this.make(first, second)));
    return child;
  }
}
