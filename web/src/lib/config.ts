import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api, type Schemas } from './api-client';
import { unwrap } from './api-error';
import { configKeys } from './query-keys';

export type BootstrapConfig = Schemas['BootstrapConfig'];

/** GET /api/v1/backendforfrontend/config: fetched once at start-up, before sign-in. */
export const bootstrapConfigQueryOptions = queryOptions({
  queryKey: configKeys.bootstrap,
  queryFn: async () => unwrap(await api.GET('/api/v1/backendforfrontend/config')),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Loads the bootstrap configuration: the start-up gate waits on it before sign-in. */
export function useLoadBootstrapConfig() {
  return useQuery(bootstrapConfigQueryOptions);
}

export const BootstrapConfigContext = createContext<BootstrapConfig | undefined>(undefined);

/** The bootstrap configuration; only usable below the start-up gate that loaded it. */
export function useBootstrapConfig(): BootstrapConfig {
  const config = useContext(BootstrapConfigContext);
  if (!config) throw new Error('useBootstrapConfig must be used below BootstrapConfigContext');
  return config;
}
