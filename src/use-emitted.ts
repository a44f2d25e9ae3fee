/**
 * The one way a view reacts to what an actor emits (toasts, navigation, closing a dialog):
 * `useEmitted(actor, { saved: () => …, failed: ({ message }) => … })`.
 */
import { useEffect, useRef } from 'react';
import type { ActorRef, AnyActorRef, EventObject } from 'xstate';

type EmittedOf<A> =
  A extends ActorRef<infer _Snapshot, infer _Event, infer E extends EventObject> ? E : never;

export type EmittedHandlers<E extends EventObject> = {
  [K in E['type']]?: (event: Extract<E, { type: K }>) => void;
};

export function useEmitted<A extends AnyActorRef>(
  actor: A,
  handlers: EmittedHandlers<EmittedOf<A>>,
): void {
  // Handlers are usually an inline object that closes over props: keep the latest without
  // subscribing again on every render (a re-subscription could miss an event in between).
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const listeners = latest.current as Record<string, ((event: EventObject) => void) | undefined>;
    const subscriptions = Object.keys(listeners).map((type) =>
      actor.on(type, (event: EventObject) => {
        const current = latest.current as typeof listeners;
        current[type]?.(event);
      }),
    );
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor]);
}
