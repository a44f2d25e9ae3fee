/**
 * The player's two sliders answer the keys of a WAI-ARIA slider (src/features/player/slider-keys.ts)
 * and keep them from the page-wide shortcuts, which would otherwise seek or change the volume a
 * second time.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SeekBar } from '../../src/features/player/seek-bar';
import { VolumeControl } from '../../src/features/player/volume-control';

/** Presses `key` on the slider; returns whether the page (a listener on the document) saw it. */
function press(slider: HTMLElement, key: string): boolean {
  let seenByPage = false;
  const page = () => (seenByPage = true);
  document.addEventListener('keydown', page);
  fireEvent.keyDown(slider, { key });
  document.removeEventListener('keydown', page);
  return seenByPage;
}

describe('the seek bar', () => {
  it.each([
    ['ArrowRight', 45],
    ['ArrowUp', 45],
    ['ArrowLeft', 35],
    ['ArrowDown', 35],
    ['PageUp', 50],
    ['PageDown', 30],
    ['Home', 0],
    ['End', 120],
  ])('%s seeks to %i s, and the page does not see the key', (key, seconds) => {
    const onSeek = vi.fn();
    render(<SeekBar currentTime={40} duration={120} buffered={[]} onSeek={onSeek} />);
    expect(press(screen.getByRole('slider', { name: 'Seek' }), key)).toBe(false);
    expect(onSeek).toHaveBeenCalledExactlyOnceWith(seconds);
  });

  it('leaves other keys to the page', () => {
    const onSeek = vi.fn();
    render(<SeekBar currentTime={40} duration={120} buffered={[]} onSeek={onSeek} />);
    expect(press(screen.getByRole('slider', { name: 'Seek' }), 'k')).toBe(true);
    expect(onSeek).not.toHaveBeenCalled();
  });
});

describe('the volume slider', () => {
  const renderVolume = (volume: number, muted = false) => {
    const onVolume = vi.fn();
    render(
      <VolumeControl volume={volume} muted={muted} onToggleMute={() => {}} onVolume={onVolume} />,
    );
    return { onVolume, slider: screen.getByRole('slider', { name: 'Volume' }) };
  };

  it.each([
    ['ArrowUp', 0.55],
    ['ArrowRight', 0.55],
    ['ArrowDown', 0.45],
    ['ArrowLeft', 0.45],
    ['Home', 0],
    ['End', 1],
  ])('%s sets the volume to %f, and the page does not see the key', (key, volume) => {
    const { onVolume, slider } = renderVolume(0.5);
    expect(press(slider, key)).toBe(false);
    expect(onVolume).toHaveBeenCalledOnce();
    expect(onVolume.mock.calls[0]![0]).toBeCloseTo(volume);
  });

  it('steps up from silence when muted, and leaves PageUp to the page', () => {
    const { onVolume, slider } = renderVolume(0.8, true);
    press(slider, 'ArrowUp');
    expect(onVolume.mock.calls[0]![0]).toBeCloseTo(0.05);
    expect(press(slider, 'PageUp')).toBe(true);
    expect(onVolume).toHaveBeenCalledOnce();
  });
});
