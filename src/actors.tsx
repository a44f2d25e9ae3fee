/**
 * Which implementations the account machines' promise actors use. The app uses the real API
 * calls; view tests render the same components with fakes (`<ActorsProvider actors={...}>`).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { accountActors, type AccountActors } from './api/users';

const ActorsContext = createContext<AccountActors>(accountActors);

export function ActorsProvider({
  actors,
  children,
}: {
  actors?: Partial<AccountActors>;
  children: ReactNode;
}) {
  const parent = useContext(ActorsContext);
  return (
    <ActorsContext.Provider value={{ ...parent, ...actors }}>{children}</ActorsContext.Provider>
  );
}

export function useAccountActors(): AccountActors {
  return useContext(ActorsContext);
}
