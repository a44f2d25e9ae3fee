/**
 * Subscribe / Subscribed for a channel (subscribeToggleMachine). The page holds the actor
 * (`useSubscribeToggle`) because the count shows beside the channel name, away from the button.
 * The toggle's answer is the server's fresh state of the
 * channel (subscribed and subscriberCount), which the button shows at once; failures are
 * logged and told to the user, and the button keeps its old state.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { failureToast } from '../notify';
import {
  selectIsBusy,
  selectSubscribed,
  selectSubscriberCount,
  subscribeToggleMachine,
} from '../../machines/subscribe-toggle.machine';
import { Button } from '../ui/button';
import { useActors } from '../actors';
import { useEmitted } from '../use-emitted';

/** The toggle actor for one channel, its failures logged and toasted; read with the selectors. */
export function useSubscribeToggle(
  channelId: string,
  subscribed: boolean,
  subscriberCount: number,
) {
  const { toggleSubscription } = useActors();
  const toggle = useActorRef(subscribeToggleMachine.provide({ actors: { toggleSubscription } }), {
    input: { channelId, subscribed, subscriberCount },
  });
  useEmitted(toggle, { failed: failureToast('Subscription toggle') });
  const count = useSelector(toggle, selectSubscriberCount);
  return { toggle, count };
}

export type SubscribeToggleRef = ReturnType<typeof useSubscribeToggle>['toggle'];

export function SubscribeButton({ toggle }: { toggle: SubscribeToggleRef }) {
  const on = useSelector(toggle, selectSubscribed);
  const busy = useSelector(toggle, selectIsBusy);
  return (
    <Button
      variant={on ? 'secondary' : 'primary'}
      aria-pressed={on}
      waiting={busy}
      onClick={() => toggle.send({ type: 'TOGGLE' })}
    >
      {on ? 'Subscribed' : 'Subscribe'}
    </Button>
  );
}
