/**
 * Ownership of OpenCascade objects (guide habit 6). Every embind object (`new oc.X`, and every
 * object a method returns by value, e.g. `explorer.Current()`, `list.First()`, `algo.Shape()`) is
 * a C++ allocation that JS must `delete()`. A `Scope` collects the temporaries of one operation
 * and deletes them together; what must outlive the operation is `release`d to its new owner.
 */

export interface Deletable {
  delete(): void;
}

/**
 * TRAP (replicad-opencascadejs 1.1.0): `delete()` on a BRepAlgoAPI_* boolean does not release
 * what the algorithm built (its PaveFiller, history, ~200 KB per boolean); `Clear()` does. The
 * scope calls `Clear()` before `delete()` on anything tracked through `trackAlgo`.
 */
export interface Clearable extends Deletable {
  Clear(): void;
}

export class Scope {
  /** Objects tracked by any scope and not yet deleted or released (for leak tests). */
  static live = 0;
  private items: Deletable[] = [];

  /** Track `x` for deletion when the scope closes; returns `x`. */
  track<T extends Deletable>(x: T): T {
    this.items.push(x);
    Scope.live++;
    return x;
  }

  /** Track an algorithm whose internals only `Clear()` frees (see Clearable). */
  trackAlgo<T extends Clearable>(x: T): T {
    Scope.live++;
    this.items.push({
      delete: () => {
        try {
          x.Clear();
        } finally {
          x.delete();
        }
      },
    });
    return x;
  }

  /** Stop tracking `x` (its new owner deletes it). Returns `x`. */
  release<T extends Deletable>(x: T): T {
    const i = this.items.lastIndexOf(x);
    if (i >= 0) {
      this.items.splice(i, 1);
      Scope.live--;
    }
    return x;
  }

  /** Delete everything tracked, newest first. Safe to call twice. */
  close(): void {
    const items = this.items;
    this.items = [];
    Scope.live -= items.length;
    for (let i = items.length - 1; i >= 0; i--) {
      try {
        items[i]!.delete();
      } catch {
        // Deleting twice throws in embind; ownership bugs must not mask the real error.
      }
    }
  }

  get size(): number {
    return this.items.length;
  }
}

/** Run `fn` with a fresh scope that is closed afterwards, also when `fn` throws. */
export function withScope<T>(fn: (scope: Scope) => T): T {
  const scope = new Scope();
  try {
    return fn(scope);
  } finally {
    scope.close();
  }
}
