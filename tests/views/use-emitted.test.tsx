import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, emit, setup } from 'xstate';
import { useEmitted } from '../../src/use-emitted';

/** A tiny actor that emits `ping {n}` or `pong` when told to. */
const echo = setup({
  types: {
    events: {} as { type: 'PING'; n: number } | { type: 'PONG' },
    emitted: {} as { type: 'ping'; n: number } | { type: 'pong' },
  },
}).createMachine({
  on: {
    PING: { actions: emit(({ event }) => ({ type: 'ping' as const, n: event.n })) },
    PONG: { actions: emit({ type: 'pong' as const }) },
  },
});

function Listener({
  actor,
  onPing,
  onPong,
}: {
  actor: ReturnType<typeof createActor<typeof echo>>;
  onPing: (n: number) => void;
  onPong: () => void;
}) {
  useEmitted(actor, { ping: ({ n }) => onPing(n), pong: onPong });
  return null;
}

describe('useEmitted', () => {
  it('calls the handler of each emitted type with its event', () => {
    const actor = createActor(echo).start();
    const onPing = vi.fn();
    const onPong = vi.fn();
    render(<Listener actor={actor} onPing={onPing} onPong={onPong} />);
    act(() => actor.send({ type: 'PING', n: 7 }));
    act(() => actor.send({ type: 'PONG' }));
    expect(onPing).toHaveBeenCalledWith(7);
    expect(onPong).toHaveBeenCalledTimes(1);
  });

  it('uses the latest handlers after a re-render, and stops listening on unmount', () => {
    const actor = createActor(echo).start();
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Listener actor={actor} onPing={first} onPong={() => {}} />);
    view.rerender(<Listener actor={actor} onPing={second} onPong={() => {}} />);
    act(() => actor.send({ type: 'PING', n: 1 }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(1);
    view.unmount();
    act(() => actor.send({ type: 'PING', n: 2 }));
    expect(second).toHaveBeenCalledTimes(1);
  });
});
