/**
 * React hooks over the local core: run an operation as the signed-in person, and read data that
 * refreshes itself whenever the collections it reads change (a local write, or one pulled by sync).
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { merge, debounceTime, type Subscription } from 'rxjs';
import type { z } from 'zod';
import type { Operation, OperationContext } from '#core/operation.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import { LocalCoreContext, type LocalCoreValue } from './LocalCoreProvider.js';

/** The local core. @throws Error outside a LocalCoreProvider (a programming error). */
export function useLocalCore(): LocalCoreValue {
  const state = useContext(LocalCoreContext);
  if (state.kind !== 'ready') throw new Error('useLocalCore outside a ready LocalCoreGate');
  return state.value;
}

/** A function running catalogue operations locally as the signed-in person. */
export type RunOperation = <I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  input: z.input<I>,
) => Promise<z.output<O>>;

/** `run(op, input)`: the operation on the local database, as the person at the desk. */
export function useRun(): RunOperation {
  const { core, actor } = useLocalCore();
  return useCallback<RunOperation>((op, input) => core.run(op, input, actor), [core, actor]);
}

/** A live read's state. */
export interface Live<T> {
  data: T | undefined;
  error: unknown;
  /** Reads again now (the collections' changes already do it). */
  reload(): void;
}

/**
 * Runs `load` now and again whenever one of `collections` changes (batched: a burst of writes, such
 * as a pull page, reads once). `deps` re-run it when the screen's own inputs change.
 */
export function useLive<T>(
  load: (ctx: OperationContext) => Promise<T>,
  collections: readonly AnyCollectionDef[],
  deps: readonly unknown[],
): Live<T> {
  const { core, actor } = useLocalCore();
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({ data: undefined, error: undefined });
  const loadRef = useRef(load);
  loadRef.current = load;
  const [tick, setTick] = useState(0);
  const names = collections.map((c) => c.name).join(',');

  useEffect(() => {
    let live = true;
    let sequence = 0;
    const read = () => {
      const mine = ++sequence;
      loadRef.current(core.context(actor)).then(
        (data) => live && mine === sequence && setState({ data, error: undefined }),
        (error: unknown) => live && mine === sequence && setState((s) => ({ data: s.data, error })),
      );
    };
    read();
    // `eventBulks$`, not `$`: RxDB 17 expands `$` through a module-level Map of every bulk it ever saw
    // (never emptied), so a screen left open kept each written or pulled document (decisions.md "Renderer").
    const subscription: Subscription = merge(...collections.map((def) => core.database.rxCollection(def).eventBulks$))
      .pipe(debounceTime(30))
      .subscribe(read);
    return () => {
      live = false;
      subscription.unsubscribe();
    };
    // `names` stands for `collections` (a new array each render).
  }, [core, actor, names, tick, ...deps]);

  return { ...state, reload: () => setTick((n) => n + 1) };
}
