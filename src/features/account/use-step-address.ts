/**
 * Keeps a wizard's step in the address (`/signup`, `/signup?step=2` …), so the browser's Back and
 * Forward move between steps and a step can be reloaded (issue 22). The machine owns the step:
 *
 * - when the machine moves one step on, the address is pushed, so Back returns to the step before;
 * - when it moves back (its own Back, Edit, a refusal) and the entries before were pushed here,
 *   the browser goes back that many entries, so history never holds a step twice; otherwise the
 *   address is replaced;
 * - when the address changes by itself (Back, Forward, a typed URL), `onAddressStep` tells the
 *   machine, which decides (Forward is a Continue and may be refused); the address then shows
 *   the step the machine is on.
 *
 * Each entry pushed here carries `{ wizardStep, wizardChain }` in the history state: the number of
 * entries just before it that are the steps before it, which says how far back the browser may go.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

interface StepEntry {
  wizardStep: number;
  wizardChain: number;
}

function stepOf(search: string, steps: number): number {
  const step = Number(new URLSearchParams(search).get('step'));
  return Number.isInteger(step) && step >= 1 ? Math.min(step, steps) - 1 : 0;
}

function currentEntry(): Partial<StepEntry> {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  return state !== null && typeof state === 'object' ? state : {};
}

export function useStepAddress(
  step: number,
  steps: number,
  /** Tells the machine the address now names `step`; returns the step the machine is on after. */
  onAddressStep: (step: number) => number,
) {
  const [path, navigate] = useLocation();
  const addressStep = stepOf(useSearch(), steps);
  // The step the address and the machine last agreed on.
  const agreed = useRef(step);
  // A browser Back this hook started: the address catches up when the browser says so.
  const goingTo = useRef<number | null>(null);

  useEffect(() => {
    const addressOf = (n: number) => (n === 0 ? path : `${path}?step=${n + 1}`);
    if (goingTo.current !== null) {
      if (addressStep === goingTo.current) goingTo.current = null;
      return;
    }
    if (addressStep !== agreed.current) {
      const now = onAddressStep(addressStep);
      agreed.current = now;
      if (now !== addressStep) {
        navigate(addressOf(now), { replace: true, state: { wizardStep: now, wizardChain: 0 } });
      }
      return;
    }
    if (step === agreed.current) return;
    const from = agreed.current;
    agreed.current = step;
    const entry = currentEntry();
    if (step === from + 1) {
      const chain = entry.wizardStep === from ? (entry.wizardChain ?? 0) + 1 : 1;
      navigate(addressOf(step), { state: { wizardStep: step, wizardChain: chain } });
    } else if (
      step < from &&
      entry.wizardStep === from &&
      (entry.wizardChain ?? 0) >= from - step
    ) {
      goingTo.current = step;
      window.history.go(step - from);
    } else {
      navigate(addressOf(step), { replace: true, state: { wizardStep: step, wizardChain: 0 } });
    }
  }, [step, addressStep, path, navigate, onAddressStep]);
}
