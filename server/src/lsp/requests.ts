// What every request handler shares: refused outside the running state and for params that are
// none, a failure logged and answered, a cancel answered at once while it waits.

import { type CancellationToken, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { ServerContext } from './context';
import { NotParams } from './incoming';

export const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');

/**
 * `work`'s result, or null as soon as `token` is cancelled: a pull cancelled during a big file's
 * first analysis was answered only once the analysis was done, seconds later. The work goes on,
 * shared, for the next request to reuse.
 */
export const untilCancelled = <T>(work: Promise<T>, token: CancellationToken): Promise<T | null> => {
  if (token.isCancellationRequested) return Promise.resolve(null);
  return new Promise<T | null>((resolve, reject) => {
    const told = token.onCancellationRequested(() => resolve(null));
    work.then(resolve, reject).finally(() => told.dispose());
  });
};

export type Guard = <A extends unknown[], R>(name: string, fallback: (...args: NoInfer<A>) => R, fn: (...args: A) => R | Promise<R>) => (...args: A) => Promise<R>;

export interface Requests {
  /**
   * Refuses requests outside the running state, as the protocol says, then params that are none
   * (`NotParams`); a failure is logged and answered with `fallback(...args)`.
   */
  readonly guard: Guard;
  readonly refuseUnlessRunning: () => void;
  /**
   * The settings of the document at `uri`, or "cancelled" as soon as `token` is: they may take a round
   * trip to the client (after a change of them), and a request cancelled meanwhile was answered only
   * once they came.
   */
  readonly settingsOf: (uri: string, token: CancellationToken) => ReturnType<ServerContext['settings']['get']>;
}

export function requests(ctx: ServerContext): Requests {
  const { connection, settings } = ctx;
  const guard: Guard = <A extends unknown[], R>(name: string, fallback: (...args: NoInfer<A>) => R, fn: (...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> => {
      refuseUnlessRunning();
      const params: unknown = args[0];
      if (params instanceof NotParams) throw new ResponseError(ErrorCodes.InvalidParams, params.why);
      try {
        return await fn(...args);
      } catch (e) {
        if (e instanceof ResponseError) throw e; // an answer, such as "cancelled"
        connection.console.error(`${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        return fallback(...args);
      }
    };
  const refuseUnlessRunning = () => {
    if (ctx.lifecycle === 'new') throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
    if (ctx.lifecycle === 'shut down') throw new ResponseError(ErrorCodes.InvalidRequest, 'the server is shut down');
  };
  const settingsOf = async (uri: string, token: CancellationToken) => {
    const read = await untilCancelled(settings.get(uri), token);
    if (!read) throw cancelled();
    return read;
  };
  return { guard, refuseUnlessRunning, settingsOf };
}
