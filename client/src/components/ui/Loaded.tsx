import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/errors';
import { Notice } from './Notice';
import { Spinner } from './Spinner';

/** The part of a query's state that Loaded reads (a tRPC or React Query result fits). */
export interface LoadableQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

export interface LoadedProps<T> {
  query: LoadableQuery<T>;
  loadingLabel: string;
  /** Shown when the server sent no message of its own. */
  errorFallback: string;
  children: (data: T) => ReactNode;
}

/** A spinner while the query loads, its error if it failed, else the content drawn from its data. */
export function Loaded<T>({ query, loadingLabel, errorFallback, children }: LoadedProps<T>) {
  if (query.isPending) return <Spinner label={loadingLabel} showLabel />;
  if (query.isError || query.data === undefined)
    return <Notice kind="error" persistent message={errorMessage(query.error, errorFallback)} />;
  return <>{children(query.data)}</>;
}
